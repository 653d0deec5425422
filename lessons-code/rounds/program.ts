// `npm run lesson -- l6d`: one streamed call per round. Runs the model replica in this process on a
// fake clock, so every run prints the same bytes: the wire of a round that narrates and calls two
// tools, the two harnesses on three questions, the four details with their naive failures, and a
// stopped turn billed in `finally` and after the loop.

import type { LessonOutput } from '../program/lesson6.ts';
import { Output, ms, thousands } from './program-output.ts';
import { createFakeClock } from '../core/fake-clock.ts';
import { runOnFakeClock } from '../core/fake-clock.ts';
import { CHAT_COMPLETIONS_PATH } from './chat-format.ts';
import type { CallState } from './call-log.ts';
import { HARNESSES, runStreamEveryRoundTurn } from './harnesses.ts';
import { startModelReplica } from './model-replica.ts';
import { REPLICA_MODEL } from './replica-plan.ts';
import { DEFAULT_TOOL_MS } from './tools.ts';
import { BillingLedger, Transcript, type HarnessName, type HarnessTurnStatus } from './turn-types.ts';
import { callOnFakeClock, chunksOfWire, roundRequest, shortChunkLine } from './recordings.ts';
import { CAPABILITIES_QUESTION, DROP2_QUESTION, HELLO_QUESTION, VOICINGS_QUESTION } from './model-script.ts';
import {
  assembleToolCalls,
  assembleToolCallsByPosition,
  joinRounds,
  joinRoundsAsTheyCome,
  readRound,
  readRoundBlindly,
  readRoundSkippingEmptyDeltas,
} from './round-reader.ts';

/** The token limit of the `length` example. */
export const LENGTH_LIMIT = 12;
/** The piece of text after which the stopped turn is stopped. */
export const STOP_AFTER_PIECES = 12;

/** One turn of the two-harness table, as numbers (the output's row, before formatting). */
export interface HarnessRow {
  question: string;
  harness: HarnessName;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  firstCharacterMs: number | null;
  totalMs: number;
}

/** One stopped turn of the Stop table, as data. */
export interface StopRow {
  billIn: 'finally' | 'after-the-loop';
  generated: number;
  planned: number;
  state: CallState;
  /** Tokens the replica had generated 10 s later (the same: it stopped). */
  later: number;
  billed: { inputTokens: number; outputTokens: number }[];
  saved: { status: HarnessTurnStatus; characters: number } | null;
}

/** The data behind the output's tables, for a page that shows them in its own language. */
export interface Lesson6dData {
  harnesses: HarnessRow[];
  stop: StopRow[];
  /** The stopped answer as the user saw it. */
  saved: string;
}

/**
 * The program of the page "one streamed call per round" (`npm run lesson -- l6d`): its output,
 * byte for byte, and the figures behind it, all on a fake clock.
 */
export async function runLesson6d(): Promise<LessonOutput & { data: Lesson6dData }> {
  const data: Lesson6dData = { harnesses: [], stop: [], saved: '' };
  const clock = createFakeClock();
  const replica = startModelReplica({ clock });
  const out = new Output();
  const { firstTokenMs, tokenMs } = replica.pacing;

  out.line('# l6d');
  out.title('The model replica');
  out.line(
    `POST ${CHAT_COMPLETIONS_PATH} in OpenAI's Chat Completions format, model ` +
      `"${REPLICA_MODEL}" (a script, not a model)`,
  );
  out.line(
    `first token after ${firstTokenMs} ms, then one every ${tokenMs} ms; a tool runs ` +
      `in ${DEFAULT_TOOL_MS} ms; fake clock`,
  );

  const toolStream = await callOnFakeClock(clock, replica, roundRequest(VOICINGS_QUESTION), 'wire');
  const toolChunks = chunksOfWire(toolStream);
  out.title(`"${VOICINGS_QUESTION}", first round, streamed with include_usage`);
  out.line('(one event per line, without the blank line that ends it; id, object, created and model shown as …)');
  out.quote(
    toolStream
      .split('\n')
      .filter((line) => line !== '')
      .map(shortChunkLine)
      .join('\n'),
  );

  out.title('Two harnesses, one turn per question (times on the fake clock)');
  const rows = [['question', 'harness', 'model calls', 'input', 'output', 'first character', 'total']];
  const ledger = new BillingLedger();
  let voicingRounds: string[] = [];
  for (const question of [HELLO_QUESTION, CAPABILITIES_QUESTION, VOICINGS_QUESTION]) {
    for (const harness of HARNESSES) {
      const turnId = `${harness.name}: ${question}`;
      const report = await runOnFakeClock(
        clock,
        harness.runTurn({ model: replica.fetch, question, turnId, clock, ledger }),
      );
      if (report.status !== 'complete')
        throw new Error(`${turnId} ended ${report.status}${report.error ? `: ${report.error}` : ''}`);
      if (harness.name === 'stream-every-round' && question === VOICINGS_QUESTION) voicingRounds = report.roundTexts;
      data.harnesses.push({
        question,
        harness: harness.name,
        calls: replica.calls.count(turnId),
        inputTokens: report.inputTokens,
        outputTokens: report.outputTokens,
        firstCharacterMs: report.firstCharacterMs,
        totalMs: report.totalMs,
      });
    }
  }
  for (const row of data.harnesses) {
    const first = row.harness === HARNESSES[0]!.name;
    rows.push([
      first ? row.question : '',
      row.harness,
      String(row.calls),
      thousands(row.inputTokens),
      thousands(row.outputTokens),
      ms(row.firstCharacterMs),
      ms(row.totalMs),
    ]);
  }
  out.table(rows, [2, 3, 4, 5, 6]);
  out.line('model calls: counted by the replica, one log line per call with its turn id');
  out.line('input and output: tokens billed for the turn; poll-then-stream generates every plain answer twice');

  out.title('1. Tool calls rebuilt by index (the first round above: two calls, interleaved)');
  out.line('by index (assembleToolCalls):');
  for (const call of assembleToolCalls(toolChunks)) out.line(`  ${call.id}  ${call.name}  ${call.arguments}`);
  const byPosition = assembleToolCallsByPosition(toolChunks);
  out.line('by position in the tool_calls array:');
  for (const call of byPosition) out.line(`  ${call.id}  ${call.name}  ${call.arguments}`);
  const parses = byPosition.every((call) => {
    try {
      JSON.parse(call.arguments);
      return true;
    } catch {
      return false;
    }
  });
  out.line(`  ${byPosition.length} call(s) instead of 2; arguments ${parses ? 'parse' : 'do not parse as JSON'}`);

  const cutStream = await callOnFakeClock(
    clock,
    replica,
    roundRequest(CAPABILITIES_QUESTION, { maxTokens: LENGTH_LIMIT }),
    'length',
  );
  const cutChunks = chunksOfWire(cutStream);
  const careful = readRound(cutChunks);
  const skipping = readRoundSkippingEmptyDeltas(cutChunks);
  out.title(
    `2. finish_reason in a chunk with an empty delta ("${CAPABILITIES_QUESTION}", ` +
      `max_completion_tokens ${LENGTH_LIMIT})`,
  );
  out.quote(careful.text);
  out.line(
    `every chunk read:          finish_reason ${careful.finishReason}: the answer ` +
      `was cut after ${careful.tokensReceived} tokens`,
  );
  out.line(
    `chunks with content only:  finish_reason ` +
      `${skipping.finishReason === null ? 'never seen: the cut answer looks complete' : skipping.finishReason}`,
  );

  const helloStream = await callOnFakeClock(clock, replica, roundRequest(HELLO_QUESTION), 'usage');
  const helloChunks = chunksOfWire(helloStream);
  const usage = readRound(helloChunks).usage;
  let blindly: string;
  try {
    const read = readRoundBlindly(helloChunks);
    blindly = `usage ${read.usage?.prompt_tokens} in, ${read.usage?.completion_tokens} out`;
  } catch (error) {
    blindly = `${(error as Error).name}: ${(error as Error).message}`;
  }
  out.title(`3. Usage in a last chunk with choices: [] ("${HELLO_QUESTION}")`);
  out.line(
    helloStream
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .slice(-2)
      .map(shortChunkLine)
      .map((line) => `  | ${line}`)
      .join('\n'),
  );
  out.line(`choices checked first:   usage ${usage?.prompt_tokens} in, ${usage?.completion_tokens} out`);
  out.line(`chunk.choices[0].delta:  ${blindly}`);

  out.title(`4. A paragraph break between two rounds ("${VOICINGS_QUESTION}")`);
  const firstLines = (text: string) => text.split('\n').slice(0, 3).join('\n');
  out.line('joined with a paragraph break:');
  out.quote(firstLines(joinRounds(voicingRounds)));
  out.line('joined as they come:');
  out.quote(firstLines(joinRoundsAsTheyCome(voicingRounds)));

  out.title(`Stop ("${DROP2_QUESTION}", stopped after ${STOP_AFTER_PIECES} pieces of text)`);
  const rowsStop = [['billing', 'generated', '10 s later', 'billed', 'saved answer']];
  let saved = '';
  for (const billIn of ['finally', 'after-the-loop'] as const) {
    const turnId = `stop, billed ${billIn}`;
    const stopLedger = new BillingLedger();
    const transcript = new Transcript();
    const stop = new AbortController();
    let pieces = 0;
    const report = await runOnFakeClock(
      clock,
      runStreamEveryRoundTurn({
        model: replica.fetch,
        question: DROP2_QUESTION,
        turnId,
        clock,
        signal: stop.signal,
        ledger: stopLedger,
        transcript,
        billIn,
        onText: () => {
          if (++pieces === STOP_AFTER_PIECES) stop.abort();
        },
      }),
    );
    const call = replica.calls.forTurn(turnId)[0]!;
    const generated = call.generatedTokens;
    clock.advance(10_000);
    const entries = stopLedger.forTurn(turnId);
    const answer = transcript.forTurn(turnId)[0];
    const row: StopRow = {
      billIn,
      generated,
      planned: call.plannedTokens,
      state: call.state,
      later: call.generatedTokens,
      billed: entries.map(({ inputTokens, outputTokens }) => ({ inputTokens, outputTokens })),
      saved: answer === undefined ? null : { status: answer.status, characters: answer.text.length },
    };
    data.stop.push(row);
    rowsStop.push([
      billIn === 'finally' ? 'in finally' : 'after the loop',
      `${row.generated} of ${row.planned} tokens (${row.state})`,
      String(row.later),
      row.billed.length === 0
        ? 'nothing'
        : row.billed.map((e) => `${e.inputTokens} in, ${e.outputTokens} out`).join(' + '),
      row.saved === null ? 'none' : `${row.saved.status}, ${thousands(row.saved.characters)} characters`,
    ]);
    if (report.status !== 'stopped') throw new Error(`${turnId} ended ${report.status}`);
    saved = answer?.text ?? '';
  }
  out.table(rowsStop);
  out.line('the answer as the user saw it, saved and marked stopped:');
  out.quote(saved.trimEnd());
  data.saved = saved;
  return { ...out.result(), data };
}
