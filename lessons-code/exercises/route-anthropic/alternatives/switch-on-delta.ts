// Another right answer: a switch on the delta's type, with lessons-code's field helpers, which
// read a field only from an object and give undefined for anything else.
import { field, stringField } from 'lessons-code';

export function routeAnthropic(data: string): { channel: 'answer' | 'reasoning'; text: string } | null {
  const event: unknown = JSON.parse(data);
  if (stringField(event, 'type') !== 'content_block_delta') return null;
  const delta = field(event, 'delta');
  switch (stringField(delta, 'type')) {
    case 'text_delta':
      return { channel: 'answer', text: stringField(delta, 'text') ?? '' };
    case 'thinking_delta':
      return { channel: 'reasoning', text: stringField(delta, 'thinking') ?? '' };
    default:
      return null;
  }
}
