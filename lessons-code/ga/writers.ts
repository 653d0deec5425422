// The two server-side writers of GA's plain chat stream: one chunk in, the bytes of one event out.

import { expectString } from '../core/arguments.ts';

/**
 * GaChatbot.Api WriteSseLineAsync, Apps/GaChatbot.Api/Controllers/ChatbotController.cs lines 449–474
 * at a826864: one `data:` line per line of the chunk, `'a\n\nb'` → `'data: a\ndata: \ndata: b\n\n'`.
 */
export function writeGaChatbotEvent(chunk: string): string {
  expectString(chunk, 'writeGaChatbotEvent', 'chunk');
  let event = '';
  for (const line of chunk.replaceAll('\r', '').split('\n')) event += 'data: ' + line + '\n';
  return event + '\n';
}

/**
 * GaApi WriteSseLineAsync, Apps/ga-server/GaApi/Controllers/ChatbotController.cs lines 318–322 at
 * a826864 (unchanged at 8621c3e): the chunk after one `data: `, `'a\n\nb'` → `'data: a\n\nb\n\n'`.
 */
export function writeGaApiEvent(chunk: string): string {
  expectString(chunk, 'writeGaApiEvent', 'chunk');
  return 'data: ' + chunk + '\n\n';
}

/** The end marker both hosts send last; it is not part of the standard, only GA's clients look for it. */
export const DONE_EVENT = 'data: [DONE]\n\n';
