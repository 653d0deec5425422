// Another right answer: a table from the delta's type to its channel and the field holding its
// text. A delta type missing from the table, or an event that is not a delta, reaches neither.

const CHANNELS: Record<string, { channel: 'answer' | 'reasoning'; field: string }> = {
  text_delta: { channel: 'answer', field: 'text' },
  thinking_delta: { channel: 'reasoning', field: 'thinking' },
};

export function routeAnthropic(data: string): { channel: 'answer' | 'reasoning'; text: string } | null {
  const { type, delta } = JSON.parse(data) as { type?: string; delta?: Record<string, unknown> };
  if (type !== 'content_block_delta' || delta === undefined || !Object.hasOwn(CHANNELS, String(delta.type)))
    return null;
  const route = CHANNELS[String(delta.type)]!;
  const text = delta[route.field];
  return typeof text === 'string' ? { channel: route.channel, text } : null;
}
