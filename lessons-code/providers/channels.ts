// The layer between a provider's events and the screen: two channels, answer and reasoning, each
// notified with the new piece (delta) and everything so far (aggregate), whatever the provider.

import { routeAnthropicEvent } from './anthropic.ts';
import { routeGeminiEvent, routeGeminiTail } from './gemini.ts';
import { routeOpenAIEvent } from './openai.ts';
import { PROVIDERS, type EventRouter, type Provider, type ProviderRoute, type VerdictKind } from './routes.ts';
import { expectOneOf, expectOptions, expectString } from '../core/arguments.ts';

/** Listeners of the two channels. A listener gets each non-empty delta and its channel's aggregate after it. */
export interface ChannelListeners {
  answer?(delta: string, aggregate: string): void;
  reasoning?(delta: string, aggregate: string): void;
}

/** What the provider said about how the turn ended (each field is the API's own: code, never translated). */
export interface ProviderVerdict {
  /**
   * The event that said it: `response.completed`, `message_stop`, `finishReason`, `promptFeedback.blockReason`,
   * `error`…
   */
  event: string;
  /**
   * The provider's own value for why ('' when it gave none): `end_turn`, `max_output_tokens`, `MAX_TOKENS`, `refusal`,
   * `SAFETY`, `server_error`, `overloaded_error`, `UNAVAILABLE`…
   */
  reason: string;
  /**
   * The provider's own words ('' when it sent none): a failure's message, OpenAI's refusal text, the explanation of
   * Anthropic's refusal (`stop_details.explanation`).
   */
  message: string;
}

/**
 * How a turn ended (routes.ts, EndingKind): one of the four verdicts a provider announces, with
 * what it said, or `cut` with what broke the body ('' when the body just ended).
 */
export type TurnEnding =
  | ({ kind: 'complete' } & ProviderVerdict)
  | ({ kind: 'token-limit' } & ProviderVerdict)
  | ({ kind: 'refused' } & ProviderVerdict)
  | ({ kind: 'failed' } & ProviderVerdict)
  | { kind: 'cut'; error: string };

/** What a provider's stream gave: the answer, the reasoning, and how the turn ended. */
export interface ProviderStreamResult {
  answer: string;
  reasoning: string;
  /**
   * True only when the ending is `complete`: the stream closed normally, and said so. Its `reason` says whether the
   * turn goes on (Anthropic's `tool_use` and `pause_turn`: the host calls the model again).
   */
  complete: boolean;
  ending: TurnEnding;
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

/**
 * routeProviderEvent's rules for a reader that has parsed the data already (the stream inspector,
 * lessons-code/inspect/turn.ts): `payload` is what JSON.parse makes of `data`, undefined when it is
 * not JSON (JSON's own `null` is never undefined).
 */
export function routeParsedEvent(provider: Provider, data: string, payload: unknown): ProviderRoute[] {
  if (data === '[DONE]') return [{ kind: 'ignored', name: '[DONE]' }];
  if (payload === undefined) return [{ kind: 'ignored', name: '(not JSON)' }];
  return ROUTERS[provider](payload);
}

/**
 * The verdict an ending route gives, with its event's name cut to the event (a Gemini `finishReason STOP` is
 * `finishReason`).
 */
const eventOf = (route: ProviderRoute): string => route.name.split(' ')[0]!;

/** Feeds on the data of dispatched events, one at a time, and keeps the two channels and how the turn is ending. */
export class ProviderChannels {
  answer = '';
  reasoning = '';
  /** Text the model wrote instead of an answer (OpenAI's refusal). */
  private refusal = '';
  /** Why the model stopped, said before the closing event (Anthropic's `message_delta`). */
  private stopReason: Extract<ProviderRoute, { kind: 'stop-reason' }> | null = null;
  /** The latest closing event's verdict: a server that repeats finishReason says it more than once. */
  private closing: ({ kind: VerdictKind } & ProviderVerdict) | null = null;
  /** The first failure: nothing after it changes how the turn ended. */
  private failure: ProviderVerdict | null = null;
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
    this.apply(routes);
    return routes;
  }

  /** take() for data parsed already (routeParsedEvent): `payload` is JSON.parse(data), undefined if not JSON. */
  takeParsed(data: string, payload: unknown): ProviderRoute[] {
    const routes = routeParsedEvent(this.provider, data, payload);
    this.apply(routes);
    return routes;
  }

  /**
   * Takes what is left of the body after its last event, that no blank line closed: the standard
   * drops it, but a Gemini server may end its body with a bare JSON error there (gemini.ts,
   * routeGeminiTail). Returns its routes (none for any other provider, or any other tail).
   */
  takeTail(text: string): ProviderRoute[] {
    expectString(text, 'ProviderChannels.takeTail', 'text');
    const routes = this.provider === 'gemini' ? routeGeminiTail(text) : [];
    this.apply(routes);
    return routes;
  }

  private apply(routes: readonly ProviderRoute[]): void {
    for (const route of routes) {
      switch (route.kind) {
        case 'answer':
          if (route.delta === '') break;
          this.answer += route.delta;
          this.on.answer?.(route.delta, this.answer);
          break;
        case 'reasoning':
          if (route.delta === '') break;
          this.reasoning += route.delta;
          this.on.reasoning?.(route.delta, this.reasoning);
          break;
        case 'refusal':
          this.refusal += route.delta;
          break;
        case 'stop-reason':
          this.stopReason = route;
          break;
        case 'closing': {
          const said = route.ending === undefined ? this.stopReason : null;
          this.closing = {
            kind: route.ending ?? said?.ending ?? 'complete',
            event: eventOf(route),
            reason: route.reason ?? said?.reason ?? '',
            message: route.message ?? said?.message ?? '',
          };
          break;
        }
        case 'failure':
          this.failure ??= { event: eventOf(route), reason: route.code, message: route.message };
          break;
        case 'ignored':
          break;
      }
    }
  }

  /** The turn as it stands; `transportError` is what broke the body, if something did. */
  result(transportError?: unknown): ProviderStreamResult {
    const channels = { answer: this.answer, reasoning: this.reasoning };
    let ending: TurnEnding;
    if (this.failure !== null) ending = { kind: 'failed', ...this.failure };
    else if (this.closing !== null && this.closing.kind === 'complete' && this.refusal !== '') {
      // The turn closed as it should, but what the model wrote was a refusal, not an answer.
      ending = { kind: 'refused', event: this.closing.event, reason: 'refusal', message: this.refusal };
    } else if (this.closing !== null) ending = { ...this.closing };
    else
      ending = {
        kind: 'cut',
        error:
          transportError === undefined
            ? ''
            : transportError instanceof Error
              ? transportError.message
              : String(transportError),
      };
    return { ...channels, complete: ending.kind === 'complete', ending };
  }
}
