// Exercise (06c): the growing-text transport. The learner's relay is played, in their worker, the
// texts an XMLHttpRequest would offer at each `progress`: three short ones first, then the course's
// recordings arriving in reads of 64 bytes. What it passes on is recorded, compared part by part
// with what each `progress` added, and read here by lessons-code's provider layers
// (readProviderPieces), as the parser would read it. The last case plays generated responses (any
// text, cut anywhere between whole characters), several under way at once, and compares what the
// relays pass on, and during which `progress`, with what each `progress` added.

import {
  readProviderPieces,
  recordingById,
  splitReads,
  truncateRecording,
  type Provider,
  type ProviderStreamResult,
  type Arbitrary,
  type CheckTools,
  type ExerciseCase,
  type ExerciseDefinition,
  type Gen,
  type GeneratedCase,
  type Learner,
  type Outcome,
  type Shown,
} from 'lessons-code';

/** The texts responseText would hold after each read, decoded as browsers do (whole characters only). */
export function growthsOf(bytes: Uint8Array, provider: Provider, size = 64): string[] {
  const decoder = new TextDecoder();
  const growths: string[] = [];
  let text = '';
  for (const read of splitReads(provider, bytes, size)) {
    text += decoder.decode(read, { stream: true });
    growths.push(text);
  }
  const rest = decoder.decode();
  if (rest !== '') growths.push(text + rest);
  return growths;
}

/** What each text added to the one before it: the parts a right relay passes on ('' left out). */
const addedBy = (growths: readonly string[]): string[] =>
  growths.map((text, i) => text.slice(i === 0 ? 0 : growths[i - 1]!.length)).filter((text) => text !== '');

/**
 * What the learner's relay passes on, in order, every call of `pass` a part: an empty one too. Each
 * call is a read of the body for the parser, and nothing arrived for an empty one: the course's
 * transport makes no read then (`pipeGrowingText`, lessons-code/providers/growing-text.ts), and a
 * byte stream refuses one (ReadableByteStreamController's enqueue throws a TypeError on an empty
 * chunk: https://streams.spec.whatwg.org/#rbs-controller-enqueue).
 */
async function passedParts(learner: Learner, growths: readonly string[]): Promise<string[]> {
  const pass = learner.recorder();
  await learner.call('relayAll', growths, pass);
  return pass.calls.map((args) => String(args[0] ?? ''));
}

const encoder = new TextEncoder();

type Channels = { answer: string; reasoning: string; complete: boolean };

/** The channels the parser gets from what the relay passed on. */
async function channelsThrough(learner: Learner, provider: Provider, bytes: Uint8Array): Promise<Channels> {
  const parts = await passedParts(learner, growthsOf(bytes, provider));
  const { answer, reasoning, complete } = readProviderPieces(
    provider,
    parts.map((part) => encoder.encode(part)),
  );
  return { answer, reasoning, complete };
}

const channelsOf = (result: ProviderStreamResult): Channels => ({
  answer: result.answer,
  reasoning: result.reasoning,
  complete: result.complete,
});

/** A text in code notation, cut after `limit` characters with the engine's mark (`…(+N)`). */
function shortened(text: string, limit: number, tools: CheckTools): string {
  return text.length <= limit
    ? tools.showValue(text)
    : `${tools.showValue(text.slice(0, limit))} …(+${text.length - limit})`;
}

const showChannels = (value: Channels, tools: CheckTools): Shown => ({
  kind: 'fields',
  fields: [
    { label: tools.text('answer'), text: shortened(value.answer, 400, tools) },
    { label: tools.text('reasoning'), text: shortened(value.reasoning, 400, tools) },
    { label: tools.text('complete'), text: tools.showValue(value.complete) },
  ],
});

/** What a case hands the relay, said in a sentence: a recording's texts so far. */
const recordingInput =
  (provider: Provider, growths: readonly string[]) =>
  (tools: CheckTools): Shown => ({
    kind: 'note',
    text: tools.text('input.recording', { recording: tools.text(`recording.${provider}`), events: growths.length }),
  });

function channelsCase(id: string, provider: Provider): ExerciseCase<Channels> {
  const recording = recordingById(provider);
  return {
    id,
    uses: ['relayAll'],
    run: (learner) => channelsThrough(learner, provider, recording.bytes),
    expected: channelsOf(readProviderPieces(provider, [recording.bytes])),
    show: showChannels,
    input: recordingInput(provider, growthsOf(recording.bytes, provider)),
  };
}

/**
 * Three texts so far, each the one before plus a few characters, cut inside an event; what the
 * second adds holds two characters of two bytes each in UTF-8 (`¡`, `é`). The last is shorter than
 * the first text of each-part, the case after (64 characters): a relay whose count outlives it
 * (count-outside-relay) then passes part of that first text on, which a relay that skips the first
 * `progress` does not.
 */
const THREE_START = 'data: {"type":"text_delta",';
const THREE_MIDDLE = '"text":"¡Olé';
const THREE: readonly string[] = [THREE_START, THREE_START + THREE_MIDDLE, THREE_START + THREE_MIDDLE + '! 🎸"}\n\n'];
const THREE_ADDED = addedBy(THREE);

const ANTHROPIC = recordingById('anthropic');
const ANTHROPIC_GROWTHS = growthsOf(ANTHROPIC.bytes, 'anthropic');
/** What each `progress` added to the text: the parts a right relay passes on. */
const ADDED = addedBy(ANTHROPIC_GROWTHS);

/** Two `progress` events with the same text (it happens: the event fires on a timer), then the rest. */
const NOTHING_NEW: readonly string[] = ['event: ping\n', 'event: ping\n', 'event: ping\ndata: {"type": "ping"}\n\n'];

const TRUNCATED = truncateRecording(ANTHROPIC);
const TRUNCATED_GROWTHS = growthsOf(TRUNCATED.bytes, 'anthropic');

const sameParts = (a: readonly unknown[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((part, i) => part === b[i]);

const partsOf = (outcome: Outcome<string[]>): string[] | null =>
  outcome.kind === 'value' && Array.isArray(outcome.value) && outcome.value.every((p) => typeof p === 'string')
    ? outcome.value
    : null;

/**
 * What a relay passes on when `next` gives the part it takes from each text, and `after` the count
 * it keeps (from `start`).
 */
function playedBy(
  growths: readonly string[],
  next: (text: string, count: number) => string,
  after: (text: string, count: number, part: string) => number,
  start = 0,
): string[] {
  let count = start;
  const parts: string[] = [];
  for (const text of growths) {
    const part = next(text, count);
    count = after(text, count, part);
    if (part !== '') parts.push(part);
  }
  return parts;
}

const utf8Length = (text: string): number => encoder.encode(text).length;

/**
 * The parts of a relay that keeps the last part it passed instead of a count, and takes the new
 * text from after the first place where that part occurs in the text.
 */
function searchedFromLastPart(growths: readonly string[]): string[] {
  let last = '';
  const parts: string[] = [];
  for (const text of growths) {
    const part = text.slice(text.indexOf(last) + last.length);
    if (part !== '') {
      parts.push(part);
      last = part;
    }
  }
  return parts;
}

/** The parts of a relay that counts what it passed in code points (Array.from) but slices in UTF-16 code units. */
const countedInCodePoints = (growths: readonly string[]): string[] =>
  playedBy(
    growths,
    (text, count) => text.slice(count),
    (text) => Array.from(text).length,
  );

/**
 * The parts of a relay that starts each slice one character off: one too far (each new part loses
 * its first character), or one too soon (each repeats the last character passed; the first, sliced
 * from -1, is the first text's last character).
 */
const OFF_BY_ONE = [
  playedBy(
    THREE,
    (text, count) => text.slice(count + 1),
    (text) => text.length,
  ),
  playedBy(
    THREE,
    (text, count) => text.slice(count - 1),
    (text) => text.length,
  ),
];

/** The parts of a relay that counts what it passed in bytes (UTF-8) but slices the text in characters. */
const COUNTED_IN_BYTES = [
  playedBy(
    THREE,
    (text, count) => text.slice(count),
    (text) => utf8Length(text),
  ),
  playedBy(
    THREE,
    (text, count) => text.slice(count),
    (_text, count, part) => count + utf8Length(part),
  ),
];

/** Each part the relay passed on beside what that `progress` added, from the first that differs. */
function showParts(expected: readonly string[]) {
  return (parts: string[], tools: CheckTools): Shown => {
    const wrong = Math.max(parts.length, expected.length);
    let first = 0;
    while (first < wrong && parts[first] === expected[first]) first++;
    const fields = [
      { label: tools.text('progressEvents'), text: String(expected.length) },
      { label: tools.text('parts'), text: String(parts.length) },
      { label: tools.text('firstWrong'), text: first === wrong ? tools.text('none') : String(first + 1) },
    ];
    if (first < wrong)
      fields.push(
        {
          label: tools.text('newText'),
          text: first < expected.length ? tools.showValue(expected[first]) : tools.text('nothingNew'),
        },
        {
          label: tools.text('yourPart'),
          text: first < parts.length ? shortened(parts[first]!, 100, tools) : tools.text('nothingPassed'),
        },
      );
    return { kind: 'fields', fields };
  };
}

/** The parts of a relay whose count starts where the previous relay's stopped: after three-texts' last text. */
const COUNTED_FROM_BEFORE = playedBy(
  ANTHROPIC_GROWTHS,
  (text, count) => text.slice(count),
  (text) => text.length,
  THREE.at(-1)!.length,
);

/**
 * The pieces a generated text is made of: characters of one, two and four bytes in UTF-8 (`🎸` is
 * two UTF-16 code units), an `é` written as `e` and a combining accent (U+0301), two characters
 * that a `progress` may fall between, line ends of every kind, a blank line, a `data:` line's
 * start, U+FFFD, U+FEFF and a whole event. A browser decodes the body as it comes (the text only
 * grows), so a U+FFFD in its text is there for good: bytes its decoder could not read
 * (https://encoding.spec.whatwg.org/#utf-8-decoder), or the unfinished character at the end of a
 * response cut short, as in `cut`'s last text. A relay that holds a trailing one back, as
 * lessons-code's GrowingTextRelay does for a client that decodes every byte again
 * (providers/growing-text.ts), loses the last one: no end follows the last text. U+FEFF (ZERO
 * WIDTH NO-BREAK SPACE) is a character like any other inside a text, and one that starts a part is
 * no byte order mark: a relay that sends its parts through a TextDecoder, which drops a U+FEFF at
 * the start of what it decodes (https://encoding.spec.whatwg.org/#decode), or strips one itself,
 * loses it. The whole event, longer than 64 characters, makes a `progress` that adds more than the
 * chosen cases' reads of 64 bytes: XMLHttpRequest fires `progress` only now and then, with all the
 * bytes received since (https://xhr.spec.whatwg.org/#the-send()-method, processBodyChunk: it
 * returns early until enough time has passed since the last event), so one `progress` may add many
 * events. Few and short pieces otherwise, so that the same text comes back often (a relay that
 * searches the text for what it passed before can find it in the wrong place).
 */
const WHOLE_EVENT = 'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"¡Olé!"}}\n\n';
/**
 * Several whole events at once, more than 256 characters: what a `progress` adds when a fast stream
 * has sent many events since the last one (processBodyChunk above), so that a relay that passes on
 * at most some fixed number of characters per `progress` leaves the rest unpassed.
 */
const MANY_EVENTS = WHOLE_EVENT.repeat(4);
const PIECES = [
  'a',
  'b',
  'é',
  'e\u0301',
  '🎸',
  ' ',
  ':',
  '\n',
  '\r\n',
  '\r',
  '\n\n',
  'data: ',
  'é🎸a',
  '\uFFFD',
  '\uFEFF',
  // NUL is a character like any other in responseText: the body's bytes decode to it
  // (https://encoding.spec.whatwg.org/#utf-8-decoder), and the relay passes it on as it is.
  '\u0000',
  WHOLE_EVENT,
  MANY_EVENTS,
];

/**
 * What responseText holds at each `progress` of one response: a text, and the places where the
 * events fall, anywhere between two whole characters (browsers decode characters whole), in order.
 * Two events may fall at the same place (a `progress` that adds nothing, the last one included),
 * the first may come before any text, and the last before the end of the text (a response cut
 * short). A place is drawn as a percentage of the text's length, so that it shrinks with the text.
 * A response may have no event at all: one that plays no part in a difference shrinks to nothing.
 */
const growingTexts = (gen: Gen): Arbitrary<string[]> =>
  gen
    .tuple(
      gen.oneof(
        gen.array(gen.constantFrom(...PIECES), { maxLength: 10 }),
        // One piece again and again: the text already received comes back in what is added.
        gen.tuple(gen.constantFrom(...PIECES), gen.nat(8)).map(([piece, times]) => Array<string>(times).fill(piece)),
      ),
      gen.array(gen.nat(100), { maxLength: 6 }),
      gen.boolean(),
    )
    .map(([pieces, places, whole]) => {
      const characters = Array.from(pieces.join(''));
      const at = places.map((place) => Math.round((place * characters.length) / 100)).sort((a, b) => a - b);
      if (whole) at.push(characters.length);
      return at.map((place) => characters.slice(0, place).join(''));
    });

/** A `progress` event of one of several responses: the response's number and its text so far. */
type Progress = [response: number, textSoFar: string];

/** Each part that reached `pass`, with the number of the event during which it came. */
type PassedAt = [part: string, event: number][];

/**
 * One to three responses under way at once, each through a relay of its own (relayInterleaved
 * makes one per response, all with the same `pass`), their events interleaved: a page may start a
 * new response before the last one has ended, and hand each the same callback. `turns` picks, at
 * each event, which of the responses not yet over fires next (an index into them, wrapped); when it
 * runs out, the responses go on one after the other, which is also what it shrinks to. Several
 * responses per input, so that the inputs tried before a difference tell apart the mistakes a
 * diagnosis names, and so that a relay that shares what it remembers with another fails.
 */
const interleavedResponses = (gen: Gen): Arbitrary<Progress[]> =>
  gen
    // The other responses and the turns first: fast-check shrinks a tuple's items in order, so that
    // a response or a turn that plays no part in a difference goes before the first response shrinks.
    .tuple(gen.array(growingTexts(gen), { maxLength: 2 }), gen.array(gen.nat(2), { maxLength: 18 }), growingTexts(gen))
    .map(([others, turns, first]) => {
      const responses = [first, ...others];
      const next = responses.map(() => 0);
      const events: Progress[] = [];
      for (let turn = 0; ; turn++) {
        const going = responses.flatMap((texts, response) => (next[response]! < texts.length ? [response] : []));
        if (going.length === 0) break;
        const response = going[(turns[turn] ?? 0) % going.length]!;
        events.push([response, responses[response]![next[response]!++]!]);
      }
      // Responses numbered in the order of their first event (0, 1, …), whichever drew them.
      const numbers = new Map<number, number>();
      for (const [response] of events) if (!numbers.has(response)) numbers.set(response, numbers.size);
      return events.map(([response, text]): Progress => [numbers.get(response)!, text]);
    });

/** What each event added to its response's text, with the event's number: what a right relay passes on. */
function addedAt(events: readonly Progress[]): PassedAt {
  const passed = new Map<number, number>();
  const parts: PassedAt = [];
  events.forEach(([response, text], event) => {
    const part = text.slice(passed.get(response) ?? 0);
    passed.set(response, text.length);
    if (part !== '') parts.push([part, event]);
  });
  return parts;
}

/**
 * What the learner's relays pass on, each part with the number of the event during which it came
 * (`events.length`: after the last, once relayInterleaved has returned). A part passed later than
 * the `progress` that brought it, in a promise or a timer, is lost at the end of a response: the
 * course's transport ends the response right after the last growth, in the same `load` handler
 * (xhrGrowingText, lessons-code/providers/growing-text.ts line 122), and its end closes the
 * parser's stream (line 102), after which an enqueue throws.
 */
async function passedAt(learner: Learner, events: readonly Progress[]): Promise<PassedAt> {
  const pass = learner.recorder();
  await learner.call('relayInterleaved', events, pass);
  return pass.calls.map((args) => [String(args[0] ?? ''), Number(args[1])]);
}

/** A relay written another way: what it passes on for a text so far, or null when it calls nothing. */
type Relay = (textSoFar: string) => string | null;

/** Relays made by `make`, one per response, played on the events as relayInterleaved plays them. */
function playedAt(events: readonly Progress[], make: () => Relay): PassedAt {
  const relays = new Map<number, Relay>();
  const parts: PassedAt = [];
  events.forEach(([response, text], event) => {
    let relay = relays.get(response);
    if (relay === undefined) {
      relay = make();
      relays.set(response, relay);
    }
    const part = relay(text);
    if (part !== null) parts.push([part, event]);
  });
  return parts;
}

/** A relay that keeps a count and takes `part(text, count)` from each text; '' is not passed. */
const counting =
  (part: (text: string, count: number) => string, after: (text: string) => number = (text) => text.length) =>
  (): Relay => {
    let count = 0;
    return (text) => {
      const next = part(text, count);
      count = after(text);
      return next !== '' ? next : null;
    };
  };

/** The relays of the mistake files, each played as it is written, on the events of an input. */
const MISTAKEN_RELAYS: Readonly<Record<string, (events: readonly Progress[]) => PassedAt>> = {
  'whole-text': (events) =>
    playedAt(events, () => {
      let last = '';
      return (text) => {
        const part = text !== last ? text : null;
        last = text;
        return part;
      };
    }),
  'count-too-soon': () => [],
  'off-by-one': (events) =>
    playedAt(
      events,
      counting((text, count) => text.slice(count + 1)),
    ),
  'holds-back': (events) =>
    playedAt(events, () => {
      let passed = 0;
      return (text) => {
        const blank = text.lastIndexOf('\n\n');
        if (blank === -1 || blank + 2 <= passed) return null;
        const part = text.slice(passed, blank + 2);
        passed = blank + 2;
        return part;
      };
    }),
  // GrowingTextRelay's grow() without its end(): a U+FFFD or a high surrogate at the end of a text
  // held back until the text grows past it.
  'holds-back-replacement': (events) =>
    playedAt(events, () => {
      let passed = 0;
      return (text) => {
        const last = text.charCodeAt(text.length - 1);
        const upTo = last === 0xfffd || (last >= 0xd800 && last <= 0xdbff) ? text.length - 1 : text.length;
        if (upTo <= passed) return null;
        const part = text.slice(passed, upTo);
        passed = upTo;
        return part;
      };
    }),
  'skips-blank-parts': (events) =>
    playedAt(
      events,
      counting((text, count) => {
        const part = text.slice(count);
        return part.trim() !== '' ? part : '';
      }),
    ),
  'searches-last-part': (events) =>
    playedAt(events, () => {
      let last = '';
      return (text) => {
        const part = text.slice(text.indexOf(last) + last.length);
        if (part === '') return null;
        last = part;
        return part;
      };
    }),
  'removes-every-copy': (events) =>
    playedAt(events, () => {
      let previous = '';
      return (text) => {
        const part = text.replaceAll(previous, '');
        previous = text;
        return part !== '' ? part : null;
      };
    }),
  'code-points-not-units': (events) =>
    playedAt(
      events,
      counting(
        (text, count) => text.slice(count),
        (text) => Array.from(text).length,
      ),
    ),
  'normalizes-parts': (events) => addedAt(events).map(([part, event]) => [part.normalize('NFC'), event]),
  // What each `progress` added, passed on every time: '' when it added nothing.
  'passes-empty-part': (events) =>
    playedAt(events, () => {
      let passed = 0;
      return (text) => {
        const part = text.slice(passed);
        passed = text.length;
        return part;
      };
    }),
  // The right parts, each after the last event: `pass` called later than the relay's return.
  'passes-later': (events) => addedAt(events).map(([part]) => [part, events.length]),
  // One count for every relay, set back to 0 each time a relay is made.
  'shared-count-reset': (events) => {
    let passed = 0;
    return playedAt(events, () => {
      passed = 0;
      return (text) => {
        const part = text.slice(passed);
        passed = text.length;
        return part !== '' ? part : null;
      };
    });
  },
  // One count per `pass`: every relay of an input has the same, so they share one count.
  'count-per-pass': (events) => {
    let passed = 0;
    return playedAt(events, () => (text) => {
      const part = text.slice(passed);
      passed = text.length;
      return part !== '' ? part : null;
    });
  },
  // At most 64 characters per part, the rest left for the next `progress`.
  'caps-each-part': (events) =>
    playedAt(events, () => {
      let passed = 0;
      return (text) => {
        const part = text.slice(passed, passed + 64);
        passed += part.length;
        return part !== '' ? part : null;
      };
    }),
  // Each part through a TextEncoder and a TextDecoder, which drops a U+FEFF at its start.
  'decodes-parts-again': (events) => addedAt(events).map(([part, event]) => [part.replace(/^\uFEFF/, ''), event]),
  // A U+FEFF at the start of the text taken off the first part.
  'strips-bom': (events) =>
    playedAt(events, () => {
      let passed = 0;
      return (text) => {
        let part = text.slice(passed);
        if (passed === 0 && part.startsWith('\uFEFF')) part = part.slice(1);
        passed = text.length;
        return part !== '' ? part : null;
      };
    }),
};

const generatedCases = [
  {
    kind: 'generated',
    id: 'any-growth',
    uses: ['relayInterleaved'],
    inputs: interleavedResponses,
    run: passedAt,
    // What each `progress` added, '' left out (addedAt), as for the chosen cases, rather than what the
    // reference relay passes on: a mutant of exercise.ts, which mutation testing runs in this same
    // process (test/mutation/in-process-learner.ts), is then compared with the rule, not with itself.
    // The reference passes this case (exercises.test.ts): both agree on every input tried.
    expected: addedAt,
    input: (events, tools) => ({ kind: 'code', text: `relayInterleaved(${tools.showValue(events)}, pass)` }),
    diagnoses: Object.entries(MISTAKEN_RELAYS).map(([id, relay]) => ({
      id,
      like: (events: Progress[]) => relay(events),
    })),
  } satisfies GeneratedCase<Progress[], PassedAt>,
];

const definition: ExerciseDefinition = {
  exports: { createRelay: 'function', relayAll: 'function', relayInterleaved: 'function' },
  cases: [
    {
      id: 'three-texts',
      uses: ['relayAll'],
      run: (learner) => passedParts(learner, THREE),
      expected: THREE_ADDED,
      input: (tools) => ({ kind: 'code', text: tools.showValue(THREE) }),
      diagnoses: [
        {
          // Each text so far passed on whole: the parser reads the start of the stream again.
          id: 'whole-text',
          recognize: (outcome) => {
            const parts = partsOf(outcome);
            return parts !== null && sameParts(parts, THREE);
          },
        },
        {
          // Nothing passed on: the count moved to the text's length before the slice was taken.
          id: 'count-too-soon',
          recognize: (outcome) => partsOf(outcome)?.length === 0,
        },
        {
          id: 'off-by-one',
          recognize: (outcome) => {
            const parts = partsOf(outcome);
            return parts !== null && OFF_BY_ONE.some((wrong) => sameParts(parts, wrong));
          },
        },
        {
          id: 'bytes-not-characters',
          recognize: (outcome) => {
            const parts = partsOf(outcome);
            return parts !== null && COUNTED_IN_BYTES.some((wrong) => sameParts(parts, wrong));
          },
        },
        {
          // Fewer, later parts, each ending with a blank line: the relay held text back until an
          // event was whole.
          id: 'holds-back',
          recognize: (outcome) => {
            const parts = partsOf(outcome);
            return (
              parts !== null &&
              parts.length > 0 &&
              parts.length < THREE_ADDED.length &&
              parts.every((part) => /(\n\n|\r\n\r\n|\r\r)$/.test(part)) &&
              THREE.at(-1)!.startsWith(parts.join(''))
            );
          },
        },
      ],
    } satisfies ExerciseCase<string[]>,
    {
      id: 'each-part',
      uses: ['relayAll'],
      run: (learner) => passedParts(learner, ANTHROPIC_GROWTHS),
      expected: ADDED,
      show: showParts(ADDED),
      input: recordingInput('anthropic', ANTHROPIC_GROWTHS),
      diagnoses: [
        {
          // The parts of a relay that searches the text for the last part it passed.
          id: 'searches-last-part',
          recognize: (outcome) => {
            const parts = partsOf(outcome);
            return parts !== null && sameParts(parts, searchedFromLastPart(ANTHROPIC_GROWTHS));
          },
        },
        {
          // The parts of a relay that counts code points and slices code units.
          id: 'code-points-not-units',
          recognize: (outcome) => {
            const parts = partsOf(outcome);
            return parts !== null && sameParts(parts, countedInCodePoints(ANTHROPIC_GROWTHS));
          },
        },
        {
          // The recording from where the previous relay had stopped (the end of three-texts' last
          // text, the case before): a count kept outside createRelay, which every relay shares.
          id: 'count-outside-relay',
          recognize: (outcome) => {
            const parts = partsOf(outcome);
            return parts !== null && sameParts(parts, COUNTED_FROM_BEFORE);
          },
        },
      ],
    } satisfies ExerciseCase<string[]>,
    {
      id: 'nothing-new',
      uses: ['relayAll'],
      run: (learner) => passedParts(learner, NOTHING_NEW),
      expected: addedBy(NOTHING_NEW),
      input: (tools) => ({ kind: 'code', text: tools.showValue(NOTHING_NEW) }),
      diagnoses: [
        {
          // The right parts, and '' where the text had not grown: `pass` called with nothing new.
          id: 'passes-empty-part',
          recognize: (outcome) => {
            const parts = partsOf(outcome);
            return (
              parts !== null &&
              parts.includes('') &&
              sameParts(
                parts.filter((part) => part !== ''),
                addedBy(NOTHING_NEW),
              )
            );
          },
        },
      ],
    } satisfies ExerciseCase<string[]>,
    channelsCase('openai', 'openai'),
    channelsCase('anthropic', 'anthropic'),
    channelsCase('gemini', 'gemini'),
    {
      id: 'cut',
      uses: ['relayAll'],
      run: (learner) => channelsThrough(learner, 'anthropic', TRUNCATED.bytes),
      expected: channelsOf(readProviderPieces('anthropic', [TRUNCATED.bytes])),
      show: showChannels,
      input: (tools) => ({ kind: 'note', text: tools.text('input.cut', { events: TRUNCATED_GROWTHS.length }) }),
    } satisfies ExerciseCase<Channels>,
    ...generatedCases,
  ],
};

export default definition;
