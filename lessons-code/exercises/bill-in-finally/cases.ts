// Exercise 06d-2: bill in finally. The learner's generator reads one streamed round of the model
// replica (its bytes, computed by roundChunks and wireOf) and is driven by the page's loop, exported
// beside it, which leaves early after a number of pieces as a click on Stop does. `bill` and `save`
// are recorders: the case sees every call they got, so a turn billed twice, or not at all, shows;
// and what reached the page's loop, a value or an error, is part of what the case compares, with
// whether the body was cancelled once the loop ended: a stopped turn must end its request, as
// leaving a loop over readChatChunks does (lessons-code/rounds/round-reader.ts). The
// bill is what the course's harness bills for a round (lessons-code/rounds/turn.ts, Turn.close): the
// output tokens of its usage chunk when that chunk came, else the tokens received, which a stopped
// round is left with. The wrong answers each case recognizes are
// lessons-code/exercises/bill-in-finally/mistakes/.

import {
  DROP2_ANSWER,
  DROP2_QUESTION,
  GREETING_ANSWER,
  HELLO_QUESTION,
  ModelStreamError,
  readChatChunks,
  RoundReader,
  roundChunks,
  textTokens,
  wireOf,
  type CheckTools,
  type Diagnosis,
  type ExerciseCase,
  type ExerciseDefinition,
  type Arbitrary,
  type ChatCompletionChunk,
  type Gen,
  type GeneratedCase,
  type GeneratedDiagnosis,
  type Learner,
  type Outcome,
  type Shown,
  type StreamEnding,
} from 'lessons-code';
// The file of the exercise is its reference solution: what a right answer gives for any round.
import * as reference from './exercise.ts';

interface Turn {
  /** What the page's loop, showAnswer, returned: the text it showed; null when it threw. */
  returned: string | null;
  /** Every call of bill(tokens), and of save(text, status). */
  bills: unknown[][];
  saves: unknown[][];
  /** What the page's loop threw, as `Type: message`; null when it returned. */
  error: string | null;
  /**
   * Whether the body was cancelled by the time the page's loop ended: a stopped turn cancels it, which
   * ends the request; a body read to its end, or to its error, was not.
   */
  bodyCancelled: boolean;
}

/** The wire in reads of 97 bytes (or `size`), cut anywhere, as a network delivers it. */
function reads(wire: string, size = 97): Uint8Array[] {
  const bytes = new TextEncoder().encode(wire);
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.slice(at, at + size));
  return out;
}

/** The events of a wire up to the `count`-th: a stream that breaks before `[DONE]`. */
const firstEvents = (wire: string, count: number) => wire.split('\n\n').slice(0, count).join('\n\n') + '\n\n';
const eventCount = (wire: string) => wire.split('\n\n').filter((event) => event !== '').length;

/**
 * What a thrown error says: `Type: message` for an Error (the learner's own message), the value in
 * code notation for anything else thrown (a `LearnerError` whose `wasError` is false carries it).
 */
function thrownText(error: unknown, tools: CheckTools): string {
  if (error instanceof Error && 'wasError' in error && error.wasError === false && 'thrown' in error)
    return tools.showValue(error.thrown);
  return error instanceof Error ? `${error.name}: ${error.message}` : tools.showValue(error);
}

async function turn(
  learner: Learner,
  tools: CheckTools,
  wire: string,
  stopAfter: number | null,
  readSize?: number,
  ending?: StreamEnding,
): Promise<Turn> {
  const bill = learner.recorder();
  const save = learner.recorder();
  let returned: string | null = null;
  let error: string | null = null;
  const body = learner.stream(reads(wire, readSize), ending);
  try {
    returned = (await learner.call('showAnswer', body, stopAfter, bill, save)) as string;
  } catch (thrown) {
    error = thrownText(thrown, tools);
  }
  return { returned, bills: bill.calls, saves: save.calls, error, bodyCancelled: body.cancelled };
}

/** Calls of one recorder as code: `bill(30), bill(30)`; none said in words. */
const callsText = (name: string, calls: unknown[][], tools: CheckTools): string =>
  calls.length === 0
    ? tools.text('turn.noCall')
    : calls.map((args) => `${name}(${args.map((arg) => tools.showValue(arg)).join(', ')})`).join(', ');

/** A turn as four labelled fields, so that the one that differs can be marked. */
const showTurn = (value: Turn, tools: CheckTools): Shown => ({
  kind: 'fields',
  fields: [
    {
      label: tools.text('turn.returned'),
      text: value.returned === null ? tools.text('turn.threwInstead') : tools.showValue(value.returned),
    },
    { label: tools.text('turn.bills'), text: callsText('bill', value.bills, tools) },
    { label: tools.text('turn.saves'), text: callsText('save', value.saves, tools) },
    { label: tools.text('turn.error'), text: value.error ?? tools.text('turn.noError') },
    {
      label: tools.text('turn.bodyCancelled'),
      text: tools.text(value.bodyCancelled ? 'turn.cancelled' : 'turn.notCancelled'),
    },
  ],
});

const HELLO = wireOf(roundChunks(HELLO_QUESTION));

/**
 * Reasoning tokens a reasoning model spends before it answers: the usage chunk counts them among
 * the output tokens (`completion_tokens_details.reasoning_tokens`), and they are billed as output,
 * but no chunk carries them (https://platform.openai.com/docs/api-reference/chat/object, `usage`).
 */
const REASONING_TOKENS = 64;

/** A round's chunks with `reasoning` reasoning tokens counted in its usage chunk, if it has one. */
const withReasoning = (chunks: readonly ChatCompletionChunk[], reasoning: number): ChatCompletionChunk[] =>
  chunks.map((chunk) => {
    if (!chunk.usage) return chunk;
    const usage = {
      ...chunk.usage,
      completion_tokens: chunk.usage.completion_tokens + reasoning,
      total_tokens: chunk.usage.total_tokens + reasoning,
      completion_tokens_details: { reasoning_tokens: reasoning },
    };
    return { ...chunk, usage };
  });
/** "hello" as a reasoning model answers it: the same chunks, and a usage chunk that counts more. */
const HELLO_REASONING = wireOf(withReasoning(roundChunks(HELLO_QUESTION), REASONING_TOKENS));
const HELLO_TOKENS = textTokens(GREETING_ANSWER).length;
const DROP2 = wireOf(roundChunks(DROP2_QUESTION));
/** The first `n` pieces of text of an answer, as the replica sends them (one token each). */
const firstPieces = (answer: string, n: number) => textTokens(answer).slice(0, n).join('');

const BROKEN_AFTER = 8; // events: the role chunk, then 7 tokens, then nothing
const BROKEN_TOKENS = BROKEN_AFTER - 1;
const BROKEN = firstEvents(DROP2, BROKEN_AFTER);
// What readChatChunks (lessons-code/rounds/round-reader.ts) throws when the body ends without
// `data: [DONE]`; the reference solution passing this case is what keeps the two in step.
const BROKEN_ERROR = 'ModelStreamError: the stream ended before data: [DONE]: the answer is incomplete';

/** What the case hands the page's loop: the stream, and when the page leaves its loop. */
const inputShown = (
  tools: CheckTools,
  wire: string,
  question: string,
  stopAfter: number | null,
  kind: 'round' | 'brokenRound' | 'reasoningRound' = 'round',
): Shown => ({
  kind: 'fields',
  fields: [
    {
      label: tools.text('input.stream'),
      text: tools.text(`input.${kind}`, {
        question,
        events: eventCount(wire),
        tokens: BROKEN_TOKENS,
        reads: reads(wire).length,
        output: HELLO_TOKENS + REASONING_TOKENS,
        reasoning: REASONING_TOKENS,
      }),
    },
    {
      label: tools.text('input.stopAfter'),
      text:
        stopAfter === null
          ? tools.text('input.readsToTheEnd')
          : tools.text(stopAfter === 1 ? 'input.afterOne' : 'input.afterPieces', { n: stopAfter }),
    },
  ],
});

// ---- What the known wrong answers give (their files: mistakes/). Each looks at the turn only.

const turnOf = (o: Outcome<Turn>): Turn | null =>
  o.kind === 'value' && typeof o.value === 'object' && o.value !== null ? o.value : null;
const statusSaved = (t: Turn): unknown => (t.saves.length === 1 ? t.saves[0]?.[1] : undefined);

/** The code that follows the loop billed: a stopped turn, which never gets there, is neither billed nor saved. */
const notBilledWhenStopped: Diagnosis<Turn> = {
  id: 'not-billed-when-stopped',
  recognize: (o) => {
    const t = turnOf(o);
    return t !== null && t.error === null && t.bills.length === 0 && t.saves.length === 0;
  },
};
/** Billed in finally, but saved after the loop: a stopped turn is billed and never saved. */
const notSavedWhenStopped: Diagnosis<Turn> = {
  id: 'not-saved-when-stopped',
  recognize: (o) => {
    const t = turnOf(o);
    return t !== null && t.error === null && t.bills.length === 1 && t.saves.length === 0;
  },
};
/**
 * A stopped turn saved as "complete" (the status never changed), or as "failed" (the status a finally
 * without a catch started from), the page having received the pieces it stopped at: a generator
 * that ended itself earlier (below, leftEarly) saves "complete" for another reason.
 */
const stopSavedAs = (id: string, status: string, returned: string): Diagnosis<Turn> => ({
  id,
  recognize: (o) => {
    const t = turnOf(o);
    return t !== null && t.error === null && t.returned === returned && statusSaved(t) === status;
  },
});
/**
 * Billed with the usage chunk's count, which a stopped or broken round never receives: 0, or nothing
 * at all, while the page got what it should (`returned`; a generator that yields the role chunk's ''
 * and stops on it bills 0 too, for another reason). Not declared where the page stops at the first
 * piece: there a generator that counts a piece after its `yield` bills 0 as well, and its turn is
 * the same in every field.
 */
const usageBilled = (returned: string | null): Diagnosis<Turn> => ({
  id: 'usage-billed',
  recognize: (o) => {
    const t = turnOf(o);
    if (t === null || t.bills.length !== 1 || t.returned !== returned) return false;
    const billed = t.bills[0]?.[0];
    return billed === 0 || billed === undefined || billed === null;
  },
});

/**
 * Billed the tokens received although the usage chunk came and counts more (the reasoning tokens):
 * `reader.tokensReceived` billed whatever came, or a loop that ended before the usage chunk.
 */
const countedDespiteUsage: Diagnosis<Turn> = {
  id: 'usage-not-billed',
  recognize: (o) => {
    const t = turnOf(o);
    return t !== null && t.bills.length === 1 && t.bills[0]?.[0] === HELLO_TOKENS;
  },
};

/** The role chunk's '' yielded as a piece: the page counts it, and stops one piece of text early. */
const emptyPieceYielded = (answer: string, stopAfter: number): Diagnosis<Turn> => ({
  id: 'empty-piece-yielded',
  recognize: (o) => {
    const t = turnOf(o);
    const shown = firstPieces(answer, stopAfter - 1);
    return (
      t !== null &&
      t.error === null &&
      t.returned === shown &&
      JSON.stringify(t.bills) === JSON.stringify([[stopAfter - 1]]) &&
      JSON.stringify(t.saves) === JSON.stringify([[shown, 'stopped']])
    );
  },
});
/**
 * A stopped turn billed and saved, but its body left open: the generator drives readChatChunks's
 * iterator by hand and never calls its return(), so the request goes on after Stop.
 */
const bodyNotCancelled: Diagnosis<Turn> = {
  id: 'body-not-cancelled',
  recognize: (o) => {
    const t = turnOf(o);
    return t !== null && t.error === null && !t.bodyCancelled && t.bills.length === 1 && statusSaved(t) === 'stopped';
  },
};

/**
 * A turn saved complete whose body was cancelled: the generator left its loop before `data: [DONE]`
 * (at the chunk with finish_reason), cutting the request before the end of the stream.
 */
const leftBeforeDone: Diagnosis<Turn> = {
  id: 'left-before-done',
  recognize: (o) => {
    const t = turnOf(o);
    return t !== null && t.error === null && t.bodyCancelled && statusSaved(t) === 'complete';
  },
};

/**
 * The same, where the page expected more than the generator gave: the generator closed readChatChunks
 * (its `return()`, or a `break`) before the page stopped or the stream ended, and saved "complete",
 * as one that calls `return()` after every piece, not only after a Stop, does.
 */
const leftEarly = (expected: string): Diagnosis<Turn> => ({
  id: 'left-before-done',
  recognize: (o) => {
    const t = turnOf(o);
    return t !== null && t.returned !== expected && leftBeforeDone.recognize(o);
  },
});

/** Something in the generator's ending threw a ReferenceError: a name used in finally was declared in the try block. */
const outOfScope: Diagnosis<Turn> = {
  id: 'finally-out-of-scope',
  recognize: (o) => turnOf(o)?.error?.startsWith('ReferenceError: ') === true,
};

/** Saved on a stop without the last piece shown: what was shown was added to the text after the `yield`. */
const lastPieceNotSaved = (answer: string, stopAfter: number): Diagnosis<Turn> => ({
  id: 'last-piece-not-saved',
  recognize: (o) => {
    const t = turnOf(o);
    return (
      t !== null &&
      t.error === null &&
      t.returned === firstPieces(answer, stopAfter) &&
      JSON.stringify(t.saves) === JSON.stringify([[firstPieces(answer, stopAfter - 1), 'stopped']])
    );
  },
});

/**
 * Billed one piece short on a stop, all else right: the generator counts a piece (`reader.take`, or
 * a counter of its own) after the `yield` that hands it over, and a page that stops at that piece
 * never lets it resume. Declared where the page stops after 3 pieces only: after the first, it bills
 * 0, as the usage chunk's count does.
 */
const countedAfterYield = (answer: string, stopAfter: number): Diagnosis<Turn> => ({
  id: 'counted-after-yield',
  recognize: (o) => {
    const t = turnOf(o);
    const shown = firstPieces(answer, stopAfter);
    return (
      t !== null &&
      t.error === null &&
      t.returned === shown &&
      JSON.stringify(t.bills) === JSON.stringify([[stopAfter - 1]]) &&
      JSON.stringify(t.saves) === JSON.stringify([[shown, 'stopped']])
    );
  },
});

/**
 * Billed the usage count of "hello" from the reasoning model, the turn checked before this one, on a
 * turn whose text, save and error are right: one RoundReader kept between turns (made at the
 * module's top level), whose usage chunk is still the earlier turn's. The cases run in order in one
 * learner module, as the page checks them; a module loaded afresh for this case bills otherwise.
 */
const readerKept = (returned: string | null, saved: string, status: string, error: string | null): Diagnosis<Turn> => ({
  id: 'reader-kept-between-turns',
  recognize: (o) => {
    const t = turnOf(o);
    return (
      t !== null &&
      t.error === error &&
      t.returned === returned &&
      JSON.stringify(t.bills) === JSON.stringify([[HELLO_TOKENS + REASONING_TOKENS]]) &&
      JSON.stringify(t.saves) === JSON.stringify([[saved, status]])
    );
  },
});

// ---- Generated rounds: some pieces of text (spaces, line breaks, characters of two and four bytes),
// then, in a round that calls tools, up to two calls in fragments of one token each, as the replica
// sends them: a round where the pieces of text and the tokens differ. The page reads to the end or
// stops after some pieces; the stream may end early, anywhere between two events, the role chunk's
// before and the finish_reason's after included, or send an error event there, in the shape of
// OpenAI's errors or of a host's (`{"error": "Model unavailable"}`), or its connection may drop there
// (the body errors with a TypeError, as the Fetch standard has it:
// https://fetch.spec.whatwg.org/#http-network-fetch), or its body fail with a plain Error or a string;
// or every chunk arrives in one read and the connection drops after it, while the page may still
// stop at a piece it holds. Reads of any size cut the wire anywhere. The
// calls come as the replica and OpenAI send them, a fragment per chunk, or whole, every call in one
// chunk with the last piece of text, as Ollama's OpenAI-compatible endpoint writes a chunk: the
// content and all the tool calls of one message of its own API, each call with its whole arguments
// (ToChunk in openai/openai.go of https://github.com/ollama/ollama, at commit 634c416). There a
// chunk carries several fragments, or text and fragments: each is a token received. The
// finish_reason comes in a chunk of its own, or in the chunk of the last piece or fragment, or not
// at all (a stream that still reaches `[DONE]`): the statement decides the status from how the
// page's loop ends, never from the finish_reason. The usage counts the tokens the stream carries, or
// a reasoning model's reasoning tokens besides, or does not come at all; it comes in a chunk of its
// own or in the chunk with the finish_reason (GeneratedTurn.usageIn).

/**
 * Where a generated turn ends early: after that many events, where only `data: [DONE]` is missing, or
 * (`dropped-at-the-end`) with every chunk arrived in one read and then a connection that drops.
 */
type BreakAt = number | 'before-done' | 'dropped-at-the-end';

interface GeneratedTurn {
  texts: string[];
  /** Per call, the pieces of its arguments after the fragment that names it. */
  calls: string[][];
  stopAfter: number | null;
  /** How many events the body delivers before it ends without `[DONE]`; null: the whole wire. */
  breakAfter: number | null;
  /** The data of an error event sent after those events, before the body ends. */
  errorData: string | undefined;
  /** Whether the body errors after those events instead of ending. */
  networkError: boolean;
  /**
   * What it errors with: the TypeError of a connection that dropped (the Fetch standard's network
   * error), or a plain Error, as a body the page's own code passes through a TransformStream errors
   * when that code fails (https://streams.spec.whatwg.org/#ts-default-controller-error), or a string,
   * no Error at all, as the body of a fetch aborted with a string reason errors with that reason
   * (`abortController.abort('timeout')`, https://fetch.spec.whatwg.org/#abort-fetch).
   */
  bodyError: 'TypeError' | 'Error' | 'string';
  /** The tool calls as fragments, one per chunk, or whole in one chunk with the last piece of text. */
  callChunks: 'fragments' | 'whole';
  readSize: number;
  /** Where the finish_reason comes: a chunk of its own, the last piece's or fragment's chunk, none. */
  finish: 'own' | 'with-last' | 'none';
  /**
   * The usage chunk: counting the tokens the stream carries (the replica's), or reasoning tokens
   * besides (a reasoning model's), or no usage chunk at all (a server that sends none, or a request
   * without `stream_options.include_usage`).
   */
  usage: 'same' | 'reasoning' | 'none';
  /**
   * Where the usage comes: in a chunk of its own with `choices: []` (OpenAI's
   * `stream_options.include_usage`), or in the chunk with the finish_reason, as llama.cpp's server
   * writes its last chunk (`to_json_oaicompat_chat_stream` in examples/server/server.cpp of
   * https://github.com/ggml-org/llama.cpp at commit 61e588a). RoundReader takes it from any chunk.
   */
  usageIn: 'own' | 'finish';
}

/** Error events as a provider sends one in the middle of a stream, and as a failing host does. */
const ERROR_DATA = [
  '{"error": {"message": "The server had an error while processing your request.", "type": "server_error"}}',
  '{"error": "Model unavailable"}',
];
/** The message of the TypeError a broken connection errors the body with: Chromium's. */
const NETWORK_ERROR = 'network error';
/** The message of the plain Error a body errors with when the page's own stream code fails. */
const BODY_ERROR = 'the transform stream failed';
/** The body's error of a generated turn, as `name: message`. */
const bodyErrorText = (input: GeneratedTurn): string =>
  input.bodyError === 'Error'
    ? `Error: ${BODY_ERROR}`
    : input.bodyError === 'string'
      ? JSON.stringify(BODY_REASON)
      : `TypeError: ${NETWORK_ERROR}`;
/** The string a body errors with when its fetch was aborted with that reason. */
const BODY_REASON = 'timeout';
/** What the body of a generated turn errors with. */
const bodyErrorOf = (input: GeneratedTurn): unknown =>
  input.bodyError === 'Error'
    ? new Error(BODY_ERROR)
    : input.bodyError === 'string'
      ? BODY_REASON
      : new TypeError(NETWORK_ERROR);

const chunkOf = (delta: ChatCompletionChunk['choices'][number]['delta']): ChatCompletionChunk => ({
  id: 'chatcmpl-generated',
  object: 'chat.completion.chunk',
  created: 1_767_225_600,
  model: 'ga-replica',
  choices: [{ index: 0, delta, finish_reason: null }],
});

/** The round's chunks, as the replica writes them: the role, one token each, the finish, the usage. */
function chunksOf(input: GeneratedTurn): ChatCompletionChunk[] {
  const named = (index: number, args: string) => ({
    index,
    id: `call_g${index + 1}`,
    type: 'function' as const,
    function: { name: 'search_voicings', arguments: args },
  });
  const whole = input.callChunks === 'whole' && input.calls.length > 0;
  const fragments = whole
    ? [chunkOf({ tool_calls: input.calls.map((pieces, index) => named(index, pieces.join(''))) })]
    : input.calls.flatMap((pieces, index) => [
        chunkOf({ tool_calls: [named(index, '')] }),
        ...pieces.map((piece) => chunkOf({ tool_calls: [{ index, function: { arguments: piece } }] })),
      ]);
  const texts = input.texts.map((content) => chunkOf({ content }));
  // Whole calls come in the chunk of the last piece of text, when there is one.
  if (whole && texts.length > 0) {
    const last = texts.pop()!;
    const delta = { ...last.choices[0]!.delta, tool_calls: fragments[0]!.choices[0]!.delta.tool_calls };
    fragments[0] = chunkOf(delta);
  }
  const tokens = input.texts.length + (whole ? input.calls.length : fragments.length);
  const reason = input.calls.length > 0 ? ('tool_calls' as const) : ('stop' as const);
  const finish = { ...chunkOf({}), choices: [{ index: 0, delta: {}, finish_reason: reason }] };
  const usage = {
    ...chunkOf({}),
    choices: [],
    usage: { prompt_tokens: 40, completion_tokens: tokens, total_tokens: 40 + tokens },
  };
  const carrying = [...texts, ...fragments];
  const last = carrying.at(-1);
  if (input.finish === 'with-last' && last !== undefined)
    carrying[carrying.length - 1] = { ...last, choices: last.choices.map((c) => ({ ...c, finish_reason: reason })) };
  else if (input.finish !== 'none') carrying.push(finish as ChatCompletionChunk);
  const chunks = [chunkOf({ role: 'assistant', content: '' }), ...carrying];
  if (input.usage === 'none') return chunks;
  // The usage in the chunk with the finish_reason, when there is one; else in a chunk of its own.
  const finishing = chunks.findIndex((chunk) => chunk.choices[0]?.finish_reason);
  const counted =
    input.usageIn === 'finish' && finishing !== -1
      ? chunks.map((chunk, at) => (at === finishing ? { ...chunk, usage: usage.usage } : chunk))
      : [...chunks, usage];
  return input.usage === 'reasoning' ? withReasoning(counted, REASONING_TOKENS) : counted;
}

/** The wire the body delivers: every event and `[DONE]`, or the first `breakAfter` events only. */
function wireOfTurn(input: GeneratedTurn): string {
  const wire = wireOf(chunksOf(input));
  if (input.breakAfter === null) return wire;
  const events = wire
    .split('\n\n')
    .slice(0, input.breakAfter)
    .map((event) => event + '\n\n');
  return events.join('') + (input.errorData === undefined ? '' : `data: ${input.errorData}\n\n`);
}

const generatedTurn = (gen: Gen): Arbitrary<GeneratedTurn> =>
  gen
    .tuple(
      gen.array(
        gen.string({
          unit: gen.constantFrom('Hi', ' there', '.', ' ', '\n', 'é', '🎸', 'Cmaj7'),
          minLength: 1,
          maxLength: 3,
        }),
        { maxLength: 6 },
      ),
      gen.array(
        gen.array(gen.constantFrom('{"chord": ', '"Am7"', '}', ', "limit": 2'), { minLength: 1, maxLength: 3 }),
        {
          maxLength: 2,
        },
      ),
      // Stop after some pieces, or (0) at the last piece of text, where a finish_reason may share its chunk.
      gen.option(gen.integer({ min: 0, max: 7 }), { nil: undefined }),
      // The whole wire half the time: the ends that a finish_reason could be mistaken for come with it.
      // Else an early end after any event, or (a quarter of the time) after the last chunk, where only
      // `data: [DONE]` is missing: a stream that ended there, after its finish_reason and its usage
      // chunk, is still incomplete. OpenAI's streams end with `data: [DONE]`
      // (https://platform.openai.com/docs/api-reference/chat/create, `stream`), and readChatChunks
      // throws without it (lessons-code/rounds/round-reader.ts); the statement says "failed", whatever
      // the error. Without this weight, the end that a usage chunk could be mistaken for is seldom drawn.
      gen.oneof<BreakAt | undefined>(
        gen.constant(undefined),
        gen.oneof<BreakAt>(gen.nat(20), gen.constant('before-done'), gen.constant('dropped-at-the-end')),
      ),
      // How an early end comes: the body ends (undefined), the connection drops (null), or an error
      // event comes first.
      gen.constantFrom<string | null | undefined>(undefined, null, null, ...ERROR_DATA),
      gen.constantFrom(97, 7, 31, 4096),
      gen.constantFrom<GeneratedTurn['finish']>('own', 'own', 'with-last', 'none'),
      gen.constantFrom<GeneratedTurn['usage']>('same', 'reasoning', 'none'),
      gen.constantFrom<GeneratedTurn['callChunks']>('fragments', 'whole'),
      // A body that errors: with the TypeError of a dropped connection, with a plain Error, or with a
      // string; the statement says "failed", whatever the error.
      gen.constantFrom<GeneratedTurn['bodyError']>('TypeError', 'Error', 'string', 'string'),
      gen.constantFrom<GeneratedTurn['usageIn']>('own', 'finish'),
    )
    .map(([texts, calls, stopAfter, breakAt, ending, readSize, finish, usage, callChunks, bodyError, usageIn]) => {
      const turn: GeneratedTurn = {
        texts,
        calls,
        stopAfter: stopAfter === 0 ? texts.length || null : (stopAfter ?? null),
        breakAfter: null,
        errorData: undefined,
        networkError: false,
        bodyError: 'TypeError',
        readSize,
        finish,
        usage,
        callChunks,
        usageIn,
      };
      // The chunks, then `[DONE]`: an early end delivers fewer events than that.
      const events = chunksOf(turn).length + 1;
      if (breakAt === undefined) return turn;
      // Every chunk, then the body ends where `[DONE]` would have come, read by a page that does not
      // stop (a page that stops earlier is drawn above, with an early end anywhere).
      if (breakAt === 'before-done') return { ...turn, stopAfter: null, breakAfter: events - 1 };
      // Every chunk in one read, then the connection drops: a page that stops at a piece it has leaves
      // its loop once the body has errored, and a Stop is still a stop. Cancelling
      // that body again rejects with its error (https://streams.spec.whatwg.org/#rs-cancel).
      if (breakAt === 'dropped-at-the-end')
        return {
          ...turn,
          breakAfter: events - 1,
          networkError: true,
          bodyError,
          readSize: 4096,
        };
      return {
        ...turn,
        breakAfter: breakAt % events,
        errorData: ending ?? undefined,
        networkError: ending === null,
        bodyError: ending === null ? bodyError : 'TypeError',
      };
    });

/**
 * What the reference gives: showAnswer's turn, and the pieces the page received (counted by a loop
 * of its own, the same as showAnswer's).
 */
async function referenceTurn(
  input: GeneratedTurn,
  streamAnswer: typeof reference.streamAnswer = reference.streamAnswer,
): Promise<{ turn: Turn; pieces: string[] }> {
  // The reads one at a time, then the end, or the TypeError of a connection that dropped.
  // Whether the first body was cancelled (cancel() reaches a body not yet closed or errored).
  let cancelled = false;
  const body = (onCancel = () => {}) => {
    const queue = reads(wireOfTurn(input), input.readSize);
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        const read = queue.shift();
        if (read !== undefined) controller.enqueue(read);
        else if (input.networkError) controller.error(bodyErrorOf(input));
        else controller.close();
      },
      cancel: onCancel,
    });
  };
  const bills: unknown[][] = [];
  const saves: unknown[][] = [];
  let returned: string | null = null;
  let error: string | null = null;
  try {
    let shown = '';
    let count = 0;
    // showAnswer's loop, over the generator given.
    for await (const piece of streamAnswer(
      body(() => (cancelled = true)),
      (tokens) => bills.push([tokens]),
      (text, status) => saves.push([text, status]),
    )) {
      shown += piece;
      count++;
      if (count === input.stopAfter) break;
    }
    returned = shown;
  } catch (thrown) {
    // As thrownText writes it: a string thrown in code notation.
    error = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : JSON.stringify(thrown);
  }
  // As the page's check sees it: once the page's loop has ended.
  const bodyCancelled = cancelled;
  const pieces: string[] = [];
  try {
    for await (const piece of streamAnswer(
      body(),
      () => {},
      () => {},
    )) {
      pieces.push(piece);
      if (pieces.length === input.stopAfter) break;
    }
  } catch {
    // The same error as above: the pieces before it are what the page received.
  }
  return { turn: { returned, bills, saves, error, bodyCancelled }, pieces };
}

/**
 * Two wrong generators, written out so that their diagnoses give what they give on any round: the
 * loop left at the chunk with finish_reason and the turn saved complete; the status decided from
 * whether a finish_reason was read.
 */
async function* endsAtFinishReason(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: reference.Status) => void,
): AsyncGenerator<string, void, undefined> {
  const reader = new RoundReader();
  let shown = '';
  let status: reference.Status = 'stopped';
  try {
    for await (const chunk of readChatChunks(body)) {
      const text = reader.take(chunk);
      if (chunk.choices[0]?.finish_reason) break;
      if (text === '') continue;
      shown += text;
      yield text;
    }
    status = 'complete';
  } catch (error) {
    status = 'failed';
    throw error;
  } finally {
    bill(reader.result().usage?.completion_tokens ?? reader.tokensReceived);
    save(shown, status);
  }
}
async function* statusFromFinishReason(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: reference.Status) => void,
): AsyncGenerator<string, void, undefined> {
  const reader = new RoundReader();
  let shown = '';
  let failed = false;
  try {
    for await (const chunk of readChatChunks(body)) {
      const text = reader.take(chunk);
      if (text === '') continue;
      shown += text;
      yield text;
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    bill(reader.result().usage?.completion_tokens ?? reader.tokensReceived);
    save(shown, failed ? 'failed' : reader.result().finishReason ? 'complete' : 'stopped');
  }
}

/**
 * The reference's generator reading readChatChunks's iterator by hand, next() after next(), and
 * never calling its return(): a page that stops leaves the body open (a stream that throws, or ends,
 * closes the iterator by itself).
 */
async function* iteratorLeftOpen(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: reference.Status) => void,
): AsyncGenerator<string, void, undefined> {
  const reader = new RoundReader();
  const chunks = readChatChunks(body);
  let shown = '';
  let status: reference.Status = 'stopped';
  try {
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      const text = reader.take(next.value);
      if (text === '') continue;
      shown += text;
      yield text;
    }
    status = 'complete';
  } catch (error) {
    status = 'failed';
    throw error;
  } finally {
    bill(reader.result().usage?.completion_tokens ?? reader.tokensReceived);
    save(shown, status);
  }
}

/**
 * The reference's generator with another amount billed (given the reader, the pieces yielded and
 * the chunks that brought text or tool calls): the model of the mistakes that bill another count.
 */
const billing = (
  amount: (reader: RoundReader, pieces: number, chunks: number) => number,
): typeof reference.streamAnswer =>
  async function* (body, bill, save) {
    const reader = new RoundReader();
    let shown = '';
    let pieces = 0;
    let chunks = 0;
    let status: reference.Status = 'stopped';
    try {
      for await (const chunk of readChatChunks(body)) {
        const text = reader.take(chunk);
        if (text !== '' || (chunk.choices.find((c) => c.index === 0)?.delta.tool_calls?.length ?? 0) > 0) chunks++;
        if (text === '') continue;
        shown += text;
        pieces++;
        yield text;
      }
      status = 'complete';
    } catch (error) {
      status = 'failed';
      throw error;
    } finally {
      bill(amount(reader, pieces, chunks));
      save(shown, status);
    }
  };

/**
 * The reference's generator, but "failed" only for errors of the kinds given: any other error
 * leaves "stopped". Only ModelStreamError (the errors readChatChunks throws on the stream's format):
 * the TypeError of a connection that dropped is saved as a stop. ModelStreamError and TypeError: a
 * body that fails with a plain Error is.
 */
const failedOnlyFor = (...kinds: (abstract new (...args: never[]) => Error)[]): typeof reference.streamAnswer =>
  async function* (body, bill, save) {
    const reader = new RoundReader();
    let shown = '';
    let status: reference.Status = 'stopped';
    try {
      for await (const chunk of readChatChunks(body)) {
        const text = reader.take(chunk);
        if (text === '') continue;
        shown += text;
        yield text;
      }
      status = 'complete';
    } catch (error) {
      if (kinds.some((kind) => error instanceof kind)) status = 'failed';
      throw error;
    } finally {
      bill(reader.result().usage?.completion_tokens ?? reader.tokensReceived);
      save(shown, status);
    }
  };
const failedOnFormatOnly = failedOnlyFor(ModelStreamError);
/** "failed" for an Error of any kind: a body that fails with a string is saved as a stop. */
const failedOnErrorsOnly = failedOnlyFor(Error);
const failedOnKnownErrors = failedOnlyFor(ModelStreamError, TypeError);

/**
 * The reference's generator, but what is not an Error thrown as an Error made from it: the page
 * receives another value than the one the body failed with.
 */
async function* nonErrorRewrapped(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: reference.Status) => void,
): AsyncGenerator<string, void, undefined> {
  try {
    yield* reference.streamAnswer(body, bill, save);
  } catch (error) {
    throw error instanceof Error ? error : new Error(String(error));
  }
}

/** The reference's generator, but the usage read only from a chunk whose `choices` is empty. */
async function* usageOnlyFromOwnChunk(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: reference.Status) => void,
): AsyncGenerator<string, void, undefined> {
  const reader = new RoundReader();
  let shown = '';
  let billed: number | undefined;
  let status: reference.Status = 'stopped';
  try {
    for await (const chunk of readChatChunks(body)) {
      const text = reader.take(chunk);
      if (chunk.choices.length === 0 && chunk.usage) billed = chunk.usage.completion_tokens;
      if (text === '') continue;
      shown += text;
      yield text;
    }
    status = 'complete';
  } catch (error) {
    status = 'failed';
    throw error;
  } finally {
    bill(billed ?? reader.tokensReceived);
    save(shown, status);
  }
}

/** The reference's generator, and the body cancelled again once a stopped turn is saved. */
async function* cancelledAfterStop(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: reference.Status) => void,
): AsyncGenerator<string, void, undefined> {
  let status = '';
  try {
    yield* reference.streamAnswer(body, bill, (text, saved) => {
      status = saved;
      save(text, saved);
    });
  } finally {
    if (status === 'stopped') await body.cancel();
  }
}

/**
 * The reference's generator, but each chunk handed to the reader after the `yield` of its piece: a
 * page that stops at a piece never lets it resume, so that piece's tokens are not billed.
 */
async function* takenAfterYield(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: reference.Status) => void,
): AsyncGenerator<string, void, undefined> {
  const reader = new RoundReader();
  let shown = '';
  let status: reference.Status = 'stopped';
  try {
    for await (const chunk of readChatChunks(body)) {
      const text = chunk.choices.find((c) => c.index === 0)?.delta.content ?? '';
      if (text !== '') {
        shown += text;
        yield text;
      }
      reader.take(chunk);
    }
    status = 'complete';
  } catch (error) {
    status = 'failed';
    throw error;
  } finally {
    bill(reader.result().usage?.completion_tokens ?? reader.tokensReceived);
    save(shown, status);
  }
}

/**
 * The reference's generator, but a stream that ends without `[DONE]` once its usage chunk has come
 * is taken for a complete one: saved "complete", its error kept from the page.
 */
async function* usageTakenForTheEnd(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: reference.Status) => void,
): AsyncGenerator<string, void, undefined> {
  const reader = new RoundReader();
  let shown = '';
  let status: reference.Status = 'stopped';
  try {
    for await (const chunk of readChatChunks(body)) {
      const text = reader.take(chunk);
      if (text === '') continue;
      shown += text;
      yield text;
    }
    status = 'complete';
  } catch (error) {
    if (error instanceof ModelStreamError && error.kind === 'incomplete' && reader.result().usage !== null) {
      status = 'complete';
      return;
    }
    status = 'failed';
    throw error;
  } finally {
    bill(reader.result().usage?.completion_tokens ?? reader.tokensReceived);
    save(shown, status);
  }
}

/** What the case tells of a generated round: its pieces of text, its tool-call fragments, how it ends, its reads. */
function generatedInput(input: GeneratedTurn, tools: CheckTools): Shown {
  const whole = input.callChunks === 'whole' && input.calls.length > 0;
  const fragments = whole ? input.calls.length : input.calls.reduce((n, pieces) => n + 1 + pieces.length, 0);
  const shape =
    input.finish === 'none'
      ? 'input.generatedRoundNoFinish'
      : input.finish === 'with-last' && (input.texts.length > 0 || fragments > 0)
        ? 'input.generatedRoundSharedFinish'
        : 'input.generatedRound';
  const onFinish = input.usageIn === 'finish' && input.finish !== 'none' ? 'OnFinish' : '';
  const usage =
    input.usage === 'none'
      ? tools.text('input.usageNone')
      : tools.text(`input.${input.usage === 'reasoning' ? 'usageReasoning' : 'usageSame'}${onFinish}`, {
          reasoning: REASONING_TOKENS,
        });
  const calls = !whole
    ? tools.text('input.callsInFragments', { fragments })
    : tools.text(input.texts.length > 0 ? 'input.callsWholeWithText' : 'input.callsWhole', { fragments });
  const round = tools.text(shape, { texts: tools.showValue(input.texts), calls, usage });
  const end =
    input.breakAfter === null
      ? tools.text('input.generatedEnd')
      : input.networkError
        ? tools.text(
            input.bodyError === 'Error'
              ? 'input.generatedBodyError'
              : input.bodyError === 'string'
                ? 'input.generatedBodyString'
                : 'input.generatedNetworkError',
            {
              events: input.breakAfter,
              error: bodyErrorText(input),
            },
          )
        : input.errorData === undefined
          ? tools.text('input.generatedBreak', { events: input.breakAfter })
          : tools.text('input.generatedError', { events: input.breakAfter, error: `data: ${input.errorData}` });
  return {
    kind: 'fields',
    fields: [
      {
        label: tools.text('input.stream'),
        text: `${round} ${end} ${tools.text('input.generatedReads', { size: input.readSize })}`,
      },
      {
        label: tools.text('input.stopAfter'),
        text:
          input.stopAfter === null
            ? tools.text('input.readsToTheEnd')
            : tools.text(input.stopAfter === 1 ? 'input.afterOne' : 'input.afterPieces', { n: input.stopAfter }),
      },
    ],
  };
}

/** A diagnosis whose model is the reference's turn driven by another generator (one of those above). */
const modelled = (id: string, model: typeof reference.streamAnswer): GeneratedDiagnosis<GeneratedTurn, Turn> => ({
  id,
  like: async (input) => (await referenceTurn(input, model)).turn,
});

const generatedCase = {
  kind: 'generated',
  id: 'generated-rounds',
  uses: ['showAnswer'],
  inputs: generatedTurn,
  // One turn of the learner's generator each, read from a stream in the learner's worker.
  runs: 40,
  run: (learner, input, tools) =>
    turn(
      learner,
      tools,
      wireOfTurn(input),
      input.stopAfter,
      input.readSize,
      !input.networkError
        ? undefined
        : input.bodyError === 'Error'
          ? { error: BODY_ERROR, errorKind: 'Error' }
          : input.bodyError === 'string'
            ? { error: BODY_REASON, errorKind: 'string' }
            : { error: NETWORK_ERROR },
    ),
  expected: async (input) => (await referenceTurn(input)).turn,
  input: generatedInput,
  show: showTurn,
  diagnoses: [
    // Without a usage chunk, the pieces of text counted and billed: a chunk with a tool-call fragment
    // is a token too.
    {
      id: 'pieces-billed',
      like: async (input) =>
        (
          await referenceTurn(
            input,
            billing((reader, pieces) => reader.result().usage?.completion_tokens ?? pieces),
          )
        ).turn,
    },
    // Without a usage chunk, one token billed per chunk that brought text or tool calls: a chunk with
    // whole calls carries a fragment per call, besides its piece of text.
    {
      id: 'chunks-billed',
      like: async (input) =>
        (
          await referenceTurn(
            input,
            billing((reader, _pieces, chunks) => reader.result().usage?.completion_tokens ?? chunks),
          )
        ).turn,
    },
    // A connection that dropped saved as "stopped": only the format's errors taken for a failure.
    modelled('network-error-saved-stopped', failedOnFormatOnly),
    // "failed" for the kinds of error the code names, a ModelStreamError or a TypeError: a body that
    // fails with a plain Error is saved as a stop.
    modelled('error-kinds-listed', failedOnKnownErrors),
    // "failed" only for an Error (`instanceof Error`): a body that fails with a string is saved as a stop.
    modelled('failed-only-for-errors', failedOnErrorsOnly),
    // A failure that is not an Error rethrown as an Error made from it.
    modelled('error-rewrapped', nonErrorRewrapped),
    // The usage taken only from a chunk with `choices: []`: a usage in the finish_reason's chunk is missed.
    modelled('usage-only-from-own-chunk', usageOnlyFromOwnChunk),
    // The body cancelled in finally after a Stop: a body that has already errored rejects the cancel.
    modelled('cancel-rejects-after-drop', cancelledAfterStop),
    // The tokens received billed though the usage chunk came: its reasoning tokens are left off.
    {
      id: 'usage-not-billed',
      like: async (input) =>
        (
          await referenceTurn(
            input,
            billing((reader) => reader.tokensReceived),
          )
        ).turn,
    },
    // The stream's error kept from the page: a catch that does not rethrow, or a return in finally.
    {
      id: 'error-swallowed',
      like: async (input) => {
        const { turn: t } = await referenceTurn(input);
        return t.error === null ? t : { ...t, returned: String(t.saves[0]?.[0]), error: null };
      },
    },
    // The loop left at the chunk with finish_reason, and the turn saved complete: a stream that ends
    // after that chunk, or sends an error there, before `[DONE]`, is taken for a complete one.
    modelled('ends-at-finish-reason', endsAtFinishReason),
    // "complete" when a finish_reason was read, "stopped" otherwise: a page that stops at the piece
    // that came with the finish_reason saves a complete turn, a stream without one a stopped turn.
    modelled('status-from-finish-reason', statusFromFinishReason),
    // readChatChunks's iterator driven by hand and never closed: a stopped turn leaves its body open.
    modelled('body-not-cancelled', iteratorLeftOpen),
    // A chunk counted after the `yield` of its piece: a stopped turn is billed without its last piece.
    modelled('counted-after-yield', takenAfterYield),
    // A stream that ended without `[DONE]` after its usage chunk taken for a complete one.
    modelled('usage-taken-for-the-end', usageTakenForTheEnd),
    // What was shown added to the text after the `yield`: a stopped turn is saved without its last piece.
    {
      id: 'last-piece-not-saved',
      like: async (input) => {
        const { turn: t, pieces } = await referenceTurn(input);
        if (t.saves[0]?.[1] !== 'stopped') return t;
        return { ...t, saves: [[pieces.slice(0, -1).join(''), 'stopped']] };
      },
    },
  ],
} satisfies GeneratedCase<GeneratedTurn, Turn>;

const definition: ExerciseDefinition = {
  exports: { streamAnswer: 'function', showAnswer: 'function' },
  cases: [
    {
      id: 'complete',
      uses: ['showAnswer'],
      run: (learner, tools) => turn(learner, tools, HELLO, null),
      expected: {
        returned: GREETING_ANSWER,
        bills: [[HELLO_TOKENS]],
        saves: [[GREETING_ANSWER, 'complete']],
        error: null,
        bodyCancelled: false,
      },
      show: showTurn,
      input: (tools) => inputShown(tools, HELLO, HELLO_QUESTION, null),
      diagnoses: [
        {
          id: 'billed-twice',
          recognize: (o) => (turnOf(o)?.bills.length ?? 0) >= 2,
        },
        outOfScope,
        leftBeforeDone,
      ],
    } satisfies ExerciseCase<Turn>,
    {
      id: 'complete-reasoning',
      uses: ['showAnswer'],
      run: (learner, tools) => turn(learner, tools, HELLO_REASONING, null),
      expected: {
        returned: GREETING_ANSWER,
        bills: [[HELLO_TOKENS + REASONING_TOKENS]],
        saves: [[GREETING_ANSWER, 'complete']],
        error: null,
        bodyCancelled: false,
      },
      show: showTurn,
      input: (tools) => inputShown(tools, HELLO_REASONING, HELLO_QUESTION, null, 'reasoningRound'),
      diagnoses: [
        countedDespiteUsage,
        {
          id: 'billed-twice',
          recognize: (o) => (turnOf(o)?.bills.length ?? 0) >= 2,
        },
        outOfScope,
        leftBeforeDone,
      ],
    } satisfies ExerciseCase<Turn>,
    {
      id: 'stopped',
      uses: ['showAnswer'],
      run: (learner, tools) => turn(learner, tools, DROP2, 3),
      expected: {
        returned: firstPieces(DROP2_ANSWER, 3),
        bills: [[3]],
        saves: [[firstPieces(DROP2_ANSWER, 3), 'stopped']],
        error: null,
        bodyCancelled: true,
      },
      show: showTurn,
      input: (tools) => inputShown(tools, DROP2, DROP2_QUESTION, 3),
      diagnoses: [
        notBilledWhenStopped,
        notSavedWhenStopped,
        stopSavedAs('stop-saved-complete', 'complete', firstPieces(DROP2_ANSWER, 3)),
        stopSavedAs('stop-saved-failed', 'failed', firstPieces(DROP2_ANSWER, 3)),
        leftEarly(firstPieces(DROP2_ANSWER, 3)),
        usageBilled(firstPieces(DROP2_ANSWER, 3)),
        outOfScope,
        lastPieceNotSaved(DROP2_ANSWER, 3),
        readerKept(firstPieces(DROP2_ANSWER, 3), firstPieces(DROP2_ANSWER, 3), 'stopped', null),
        countedAfterYield(DROP2_ANSWER, 3),
        emptyPieceYielded(DROP2_ANSWER, 3),
        bodyNotCancelled,
      ],
    } satisfies ExerciseCase<Turn>,
    {
      id: 'stopped-first',
      uses: ['showAnswer'],
      run: (learner, tools) => turn(learner, tools, DROP2, 1),
      expected: {
        returned: firstPieces(DROP2_ANSWER, 1),
        bills: [[1]],
        saves: [[firstPieces(DROP2_ANSWER, 1), 'stopped']],
        error: null,
        bodyCancelled: true,
      },
      show: showTurn,
      input: (tools) => inputShown(tools, DROP2, DROP2_QUESTION, 1),
      diagnoses: [
        notBilledWhenStopped,
        notSavedWhenStopped,
        stopSavedAs('stop-saved-complete', 'complete', firstPieces(DROP2_ANSWER, 1)),
        stopSavedAs('stop-saved-failed', 'failed', firstPieces(DROP2_ANSWER, 1)),
        outOfScope,
        lastPieceNotSaved(DROP2_ANSWER, 1),
        readerKept(firstPieces(DROP2_ANSWER, 1), firstPieces(DROP2_ANSWER, 1), 'stopped', null),
        emptyPieceYielded(DROP2_ANSWER, 1),
        bodyNotCancelled,
      ],
    } satisfies ExerciseCase<Turn>,
    {
      id: 'broken',
      uses: ['showAnswer'],
      run: (learner, tools) => turn(learner, tools, BROKEN, null),
      expected: {
        returned: null,
        bills: [[BROKEN_TOKENS]],
        saves: [[firstPieces(DROP2_ANSWER, BROKEN_TOKENS), 'failed']],
        error: BROKEN_ERROR,
        bodyCancelled: false,
      },
      show: showTurn,
      input: (tools) => inputShown(tools, BROKEN, DROP2_QUESTION, null, 'brokenRound'),
      diagnoses: [
        {
          id: 'failure-saved-stopped',
          recognize: (o) => {
            const t = turnOf(o);
            return t !== null && t.error === BROKEN_ERROR && statusSaved(t) === 'stopped';
          },
        },
        // Every piece reached the page, and then no error: a generator that closed its chunks earlier
        // (leftEarly) keeps no error from the page, it never read to the break.
        {
          id: 'error-swallowed',
          recognize: (o) => {
            const t = turnOf(o);
            return (
              t !== null &&
              t.error === null &&
              t.returned === firstPieces(DROP2_ANSWER, BROKEN_TOKENS) &&
              t.saves.length > 0
            );
          },
        },
        leftEarly(firstPieces(DROP2_ANSWER, BROKEN_TOKENS)),
        usageBilled(null),
        readerKept(null, firstPieces(DROP2_ANSWER, BROKEN_TOKENS), 'failed', BROKEN_ERROR),
        outOfScope,
      ],
    } satisfies ExerciseCase<Turn>,
    generatedCase,
  ],
};

export default definition;
