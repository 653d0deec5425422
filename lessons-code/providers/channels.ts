// The layer between a provider's events and the screen: two channels, answer and reasoning, each
// notified with the new piece (delta) and everything so far (aggregate), whatever the provider.

import { routeAnthropicEvent } from './anthropic.ts';
import { routeGeminiEvent } from './gemini.ts';
import { routeOpenAIEvent } from './openai.ts';
import { PROVIDERS, type EventRouter, type Provider, type ProviderRoute } from './routes.ts';
import { expectOneOf, expectOptions, expectString } from '../core/arguments.ts';

/** Listeners of the two channels. A listener gets each non-empty delta and its channel's aggregate after it. */
export interface ChannelListeners {
  answer?(delta: string, aggregate: string): void;
  reasoning?(delta: string, aggregate: string): void;
}

/**
 * How a turn ended: its closing event came (`closed`); the provider said it failed or stopped
 * short (`failed`); or the body ended, or broke, before either (`cut`).
 */
export type TurnEnding = 'closed' | 'failed' | 'cut';

/** What a provider's stream gave: the answer, the reasoning, and how the turn ended. */
export interface ProviderStreamResult {
  answer: string;
  reasoning: string;
  /** True only when the provider's closing event was dispatched and no failure came. */
  complete: boolean;
  ending: TurnEnding;
  /** The closing event's name, the provider's failure message, or the transport's error; '' when the body just ended. */
  detail: string;
}

const ROUTERS: Record<Provider, EventRouter> = {
  openai: routeOpenAIEvent,
  anthropic: routeAnthropicEvent,
  gemini: routeGeminiEvent,
};

/** The routes of one event's data: `[DONE]` and data that is not JSON reach neither channel. */
export function routeProviderEvent(provider: Provider, data: string): ProviderRoute[] {
  expectOneOf(provider, PROVIDERS, 'routeProviderEvent', 'provider');
  expectString(data, 'routeProviderEvent', 'data');
  // Some OpenAI-compatible servers end their stream with `data: [DONE]`; no provider here sends JSON that could be it.
  if (data === '[DONE]') return [{ kind: 'ignored', name: '[DONE]' }];
  let payload: unknown;
  try {
    payload = JSON.parse(data); // whitespace anywhere, such as Anthropic's padding before `}`, is JSON's business
  } catch {
    return [{ kind: 'ignored', name: '(not JSON)' }];
  }
  return ROUTERS[provider](payload);
}

/** Feeds on the data of dispatched events, one at a time, and keeps the two channels. */
export class ProviderChannels {
  answer = '';
  reasoning = '';
  private closing: string | null = null;
  private failure: string | null = null;
  private readonly provider: Provider;
  private readonly on: ChannelListeners;

  constructor(provider: Provider, on: ChannelListeners = {}) {
    expectOneOf(provider, PROVIDERS, 'ProviderChannels', 'provider');
    expectOptions(on, 'ProviderChannels', 'on');
    this.provider = provider;
    this.on = on;
  }

  /** Takes one dispatched event's data; returns its routes (for a view of the event layer). */
  take(data: string): ProviderRoute[] {
    const routes = routeProviderEvent(this.provider, data);
    for (const route of routes) {
      if (route.kind === 'answer' && route.delta !== '') {
        this.answer += route.delta;
        this.on.answer?.(route.delta, this.answer);
      } else if (route.kind === 'reasoning' && route.delta !== '') {
        this.reasoning += route.delta;
        this.on.reasoning?.(route.delta, this.reasoning);
      } else if (route.kind === 'closing') {
        this.closing ??= route.name;
      } else if (route.kind === 'failure') {
        this.failure ??= route.message === '' ? route.name : `${route.name}: ${route.message}`;
      }
    }
    return routes;
  }

  /** The turn as it stands; `transportError` is what broke the body, if something did. */
  result(transportError?: unknown): ProviderStreamResult {
    const channels = { answer: this.answer, reasoning: this.reasoning };
    if (this.failure !== null) return { ...channels, complete: false, ending: 'failed', detail: this.failure };
    if (this.closing !== null) return { ...channels, complete: true, ending: 'closed', detail: this.closing };
    const detail = transportError === undefined ? '' : transportError instanceof Error ? transportError.message : String(transportError);
    return { ...channels, complete: false, ending: 'cut', detail };
  }
}
