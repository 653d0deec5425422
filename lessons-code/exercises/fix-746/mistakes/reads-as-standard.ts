// Mistake: the reader hands the stream to the course's standard reader, which joins every
// `data:` line of an event as the fix asks, and keeps the text of every event but `[DONE]`. The
// standard knows nothing of chatService's own rules: the routing event's JSON goes into the
// answer, an error event is text instead of an exception, and what follows the last blank
// line is discarded. The fix changes which `data:` lines make an event's text, nothing else.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-hosts-stream
// Fails: reader-other-lines, reader-error, reader-generated
// Diagnosis: reader-appends-json, reader-drops-rest, reader-error-not-thrown

import { readStandard } from 'lessons-code';

export function writeGaApiEvent(chunk: string): string {
  let event = '';
  for (const line of chunk.split('\n')) event += 'data: ' + line + '\n';
  return event + '\n';
}

export function readChatService(stream: string): string {
  return readStandard(stream)
    .filter((data) => data !== '[DONE]')
    .join('');
}
