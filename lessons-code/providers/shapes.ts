// The providers' published event shapes, as far as the course's recordings and test streams use
// them, and a validator of a whole stream's events against them. Sources (each shape follows the
// reference and the matching type of the provider's own SDK, at the commit given):
// - OpenAI: https://platform.openai.com/docs/api-reference/responses-streaming and
// https://github.com/openai/openai-node/blob/7b7d6ca71130d37ec09792c50056b47861f2eccf/src/resources/responses/responses.ts
// - Anthropic: https://platform.claude.com/docs/en/build-with-claude/streaming and
// https://github.com/anthropics/anthropic-sdk-typescript/blob/bfa9197f0182084941052be9752c948638421601/src/resources/messages/messages.ts
// - Gemini: https://ai.google.dev/api/generate-content#generatecontentresponse and
//   https://github.com/googleapis/js-genai/blob/6e9b35c45e21f0d37179a24d29dca01ebed698e6/src/types.ts

import type { StandardEvent } from '../standard/parser.ts';
import { PROVIDERS, type Provider } from './routes.ts';
import { any, arr, bool, checkShape, enumOf, lit, num, obj, oneOf, orNull, str, type Shape } from './shape-check.ts';
import { expectArray, expectOneOf } from '../core/arguments.ts';

interface ShapeTables {
  openai: Record<string, Record<string, Shape>>;
  /** OpenAI's `error` event's fields as captured streams nest them (the reference puts them at the top level). */
  openaiNestedError: Record<string, Shape>;
  anthropic: Record<string, Record<string, Shape>>;
  gemini: Shape;
}

let tables: ShapeTables | undefined;

/** The tables, built on first use (so that a bundle that never validates leaves them out). */
function documentedShapes(): ShapeTables {
  if (tables !== undefined) return tables;
  // ---- OpenAI Responses API -------------------------------------------------------------------

  const OUTPUT_TEXT = obj({ type: lit('output_text'), text: str, annotations: arr(any), 'logprobs?': arr(any) });
  const SUMMARY_TEXT = obj({ type: lit('summary_text'), text: str });
  /** A refusal, in place of output text: ResponseOutputRefusal. */
  const REFUSAL = obj({ type: lit('refusal'), refusal: str });
  const CONTENT_PART = oneOf(OUTPUT_TEXT, REFUSAL);
  const OUTPUT_ITEM = oneOf(
    obj({
      id: str,
      type: lit('reasoning'),
      summary: arr(SUMMARY_TEXT),
      'status?': enumOf('in_progress', 'completed', 'incomplete'),
    }),
    obj({
      id: str,
      type: lit('message'),
      status: enumOf('in_progress', 'completed', 'incomplete'),
      role: lit('assistant'),
      content: arr(CONTENT_PART),
    }),
    obj({
      id: str,
      type: lit('function_call'),
      call_id: str,
      name: str,
      arguments: str,
      'status?': enumOf('in_progress', 'completed', 'incomplete'),
    }),
  );
  /** The Response object: every field the reference requires, and the optional ones the recordings use. */
  const RESPONSE = obj({
    id: str,
    object: lit('response'),
    created_at: num,
    'status?': enumOf('completed', 'failed', 'in_progress', 'cancelled', 'queued', 'incomplete'),
    error: orNull(obj({ code: str, message: str })),
    incomplete_details: orNull(obj({ 'reason?': enumOf('max_output_tokens', 'content_filter') })),
    instructions: orNull(str),
    metadata: orNull(obj({})),
    model: str,
    output: arr(OUTPUT_ITEM),
    parallel_tool_calls: bool,
    temperature: orNull(num),
    tool_choice: any,
    tools: arr(any),
    top_p: orNull(num),
    'usage?': obj({
      input_tokens: num,
      input_tokens_details: obj({ cached_tokens: num }),
      output_tokens: num,
      output_tokens_details: obj({ reasoning_tokens: num }),
      total_tokens: num,
    }),
  });
  const inItem = { item_id: str, output_index: num };
  const inContent = { ...inItem, content_index: num };
  const inSummary = { ...inItem, summary_index: num };

  const OPENAI: Record<string, Record<string, Shape>> = {
    'response.created': { response: RESPONSE },
    'response.in_progress': { response: RESPONSE },
    'response.completed': { response: RESPONSE },
    'response.failed': { response: RESPONSE },
    'response.incomplete': { response: RESPONSE },
    'response.output_item.added': { output_index: num, item: OUTPUT_ITEM },
    'response.output_item.done': { output_index: num, item: OUTPUT_ITEM },
    'response.reasoning_summary_part.added': { ...inSummary, part: SUMMARY_TEXT },
    'response.reasoning_summary_part.done': { ...inSummary, part: SUMMARY_TEXT },
    'response.reasoning_summary_text.delta': { ...inSummary, delta: str },
    'response.reasoning_summary_text.done': { ...inSummary, text: str },
    'response.reasoning_text.delta': { ...inContent, delta: str },
    'response.content_part.added': { ...inContent, part: CONTENT_PART },
    'response.content_part.done': { ...inContent, part: CONTENT_PART },
    'response.output_text.delta': { ...inContent, delta: str, logprobs: arr(any) },
    'response.output_text.done': { ...inContent, text: str, logprobs: arr(any) },
    'response.output_text.annotation.added': { ...inContent, annotation_index: num, annotation: any },
    'response.refusal.delta': { ...inContent, delta: str },
    'response.refusal.done': { ...inContent, refusal: str },
    'response.function_call_arguments.delta': { ...inItem, delta: str },
    'response.code_interpreter_call_code.delta': { ...inItem, delta: str },
    'response.custom_tool_call_input.delta': { ...inItem, delta: str },
    error: { code: orNull(str), message: str, param: orNull(str) },
  };
  /**
   * The `error` event as captured streams send it, its fields nested in an `error` object with a `type`
   * (failed-recordings.ts cites a capture); the table's form above is the reference's, ResponseErrorEvent.
   */
  const OPENAI_NESTED_ERROR = {
    error: obj({ type: str, code: orNull(str), message: str, param: orNull(str) }),
  };

  // ---- Anthropic Messages API -----------------------------------------------------------------

  const USAGE = obj({
    input_tokens: num,
    output_tokens: num,
    'cache_creation_input_tokens?': orNull(num),
    'cache_read_input_tokens?': orNull(num),
  });
  const CONTENT_BLOCK = oneOf(
    obj({ type: lit('thinking'), thinking: str, signature: str }),
    obj({ type: lit('text'), text: str, 'citations?': orNull(arr(any)) }),
    obj({ type: lit('tool_use'), id: str, name: str, input: any }),
  );
  const DELTA = oneOf(
    obj({ type: lit('text_delta'), text: str }),
    obj({ type: lit('thinking_delta'), thinking: str }),
    obj({ type: lit('signature_delta'), signature: str }),
    obj({ type: lit('input_json_delta'), partial_json: str }),
    obj({ type: lit('citations_delta'), citation: any }),
  );
  const ANTHROPIC: Record<string, Record<string, Shape>> = {
    message_start: {
      message: obj({
        id: str,
        type: lit('message'),
        role: lit('assistant'),
        model: str,
        content: arr(any),
        stop_reason: orNull(str),
        stop_sequence: orNull(str),
        usage: USAGE,
      }),
    },
    content_block_start: { index: num, content_block: CONTENT_BLOCK },
    content_block_delta: { index: num, delta: DELTA },
    content_block_stop: { index: num },
    message_delta: {
      delta: obj({
        stop_reason: orNull(str),
        stop_sequence: orNull(str),
        'stop_details?': orNull(obj({ type: lit('refusal'), category: orNull(str), explanation: orNull(str) })),
      }),
      usage: obj({ output_tokens: num, 'input_tokens?': orNull(num) }),
    },
    message_stop: {},
    ping: {},
    error: { error: obj({ type: str, message: str }) },
  };

  // ---- Gemini streamGenerateContent -----------------------------------------------------------

  /** FinishReason, as the reference lists it. */
  const FINISH_REASON = enumOf(
    'FINISH_REASON_UNSPECIFIED',
    'STOP',
    'MAX_TOKENS',
    'SAFETY',
    'RECITATION',
    'LANGUAGE',
    'OTHER',
    'BLOCKLIST',
    'PROHIBITED_CONTENT',
    'SPII',
    'MALFORMED_FUNCTION_CALL',
    'IMAGE_SAFETY',
    'UNEXPECTED_TOOL_CALL',
    'TOO_MANY_TOOL_CALLS',
    'IMAGE_PROHIBITED_CONTENT',
    'NO_IMAGE',
    'IMAGE_RECITATION',
    'IMAGE_OTHER',
  );
  const SAFETY_RATING = obj({ category: str, probability: str, 'blocked?': bool });
  const PART = obj({
    'text?': str,
    'thought?': bool,
    'thoughtSignature?': str,
    'functionCall?': obj({ name: str, 'args?': any }),
  });
  const GEMINI_RESPONSE = obj({
    'candidates?': arr(
      obj({
        'content?': obj({ parts: arr(PART), role: lit('model') }),
        'finishReason?': FINISH_REASON,
        'index?': num,
        'safetyRatings?': arr(SAFETY_RATING),
      }),
    ),
    'promptFeedback?': obj({
      'blockReason?': enumOf(
        'BLOCKED_REASON_UNSPECIFIED',
        'SAFETY',
        'OTHER',
        'BLOCKLIST',
        'PROHIBITED_CONTENT',
        'IMAGE_SAFETY',
      ),
      'safetyRatings?': arr(SAFETY_RATING),
    }),
    'usageMetadata?': obj({
      'promptTokenCount?': num,
      'candidatesTokenCount?': num,
      'totalTokenCount?': num,
      'thoughtsTokenCount?': num,
    }),
    'modelVersion?': str,
    'responseId?': str,
  });
  /** A failure after the stream began, in place of a chunk: Google's API error (https://google.aip.dev/193). */
  const GEMINI_ERROR = obj({ error: obj({ code: num, message: str, status: str, 'details?': arr(any) }) });
  tables = {
    openai: OPENAI,
    openaiNestedError: OPENAI_NESTED_ERROR,
    anthropic: ANTHROPIC,
    gemini: oneOf(GEMINI_RESPONSE, GEMINI_ERROR),
  };
  return tables;
}

function openAIShape(type: string): Shape | undefined {
  const fields = documentedShapes().openai[type];
  const shape = fields && obj({ type: lit(type), sequence_number: num, ...fields });
  if (shape === undefined || type !== 'error') return shape;
  return oneOf(shape, obj({ type: lit(type), sequence_number: num, ...documentedShapes().openaiNestedError }));
}

function anthropicShape(type: string): Shape | undefined {
  const fields = documentedShapes().anthropic[type];
  return fields && obj({ type: lit(type), ...fields });
}

// ---- The validator --------------------------------------------------------------------------

/**
 * Every way a stream's dispatched events differ from the provider's documented shapes: the
 * payload's fields and types; the SSE event name equal to the payload's `type` (OpenAI and
 * Anthropic name every event; Gemini names none); OpenAI's `sequence_number` counting from 0;
 * Anthropic's `message_start` first. `[DONE]` passes for OpenAI (compatible servers send it).
 * An empty list means the stream fits.
 */
export function validateProviderEvents(provider: Provider, events: readonly StandardEvent[]): string[] {
  expectOneOf(provider, PROVIDERS, 'validateProviderEvents', 'provider');
  expectArray(events, 'validateProviderEvents', 'events');
  const problems: string[] = [];
  let sequence = 0;
  events.forEach((event, i) => {
    const where = `event ${i}`;
    if (provider === 'openai' && event.data === '[DONE]') return;
    let payload: unknown;
    try {
      payload = JSON.parse(event.data);
    } catch {
      problems.push(`${where}: its data is not JSON`);
      return;
    }
    if (provider === 'gemini') {
      if (event.type !== 'message') problems.push(`${where}: Gemini sends no event name, got "${event.type}"`);
      problems.push(...checkShape(payload, documentedShapes().gemini).map((problem) => `${where}: ${problem}`));
      return;
    }
    const type = (payload as { type?: unknown }).type;
    const shape =
      typeof type === 'string' ? (provider === 'openai' ? openAIShape(type) : anthropicShape(type)) : undefined;
    if (shape === undefined) {
      problems.push(`${where}: ${JSON.stringify(type)} is not a documented event type`);
      return;
    }
    if (event.type !== 'message' && event.type !== type)
      problems.push(`${where}: named "${event.type}" but its type is "${type}"`);
    if (provider === 'anthropic' && event.type === 'message') problems.push(`${where}: Anthropic names every event`);
    if (provider === 'anthropic' && i === 0 && type !== 'message_start')
      problems.push(`${where}: the stream must open with message_start`);
    if (provider === 'openai') {
      const number = (payload as { sequence_number?: unknown }).sequence_number;
      if (number !== sequence) problems.push(`${where}: sequence_number ${String(number)}, expected ${sequence}`);
      sequence++;
    }
    problems.push(...checkShape(payload, shape).map((problem) => `${where}: ${problem}`));
  });
  return problems;
}
