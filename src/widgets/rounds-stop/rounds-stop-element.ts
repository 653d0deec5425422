// The stop demo's behaviour (its markup: RoundsStopDemo.astro). Send starts a turn with the
// stream-every-round harness against one model replica that lives as long as the page; the same
// button is Stop until the turn ends (Esc too): it aborts the turn's AbortController, whose signal
// runTurn hands to the replica's fetch, so the replica stops generating. The replica's line shows
// its own count of generated tokens (its call log), and `data-generation` / `data-generated` on it
// say the same for tests. Each turn gets a row: what the replica generated (live for as long as the
// replica generates anything for that turn, so a generation that went on after Stop would show
// there), what the ledger billed, what the transcript saved.

import {
  BillingLedger,
  Transcript,
  runTurn,
  startModelReplica,
  type CallRecord,
  type TurnReport,
} from '../../../lessons-code/index.ts';
import { announce, demo, h, part } from '../../demo-kit/kit-client.ts';
import { renderMarkdown } from '../../demo-kit/markdown-render.ts';

export const mount = demo('roundsStop', ({ host, t }) => {
  const form = part<HTMLFormElement>(host, 'form');
  const message = part<HTMLInputElement>(host, 'message');
  const send = part<HTMLButtonElement>(host, 'send');
  const bubble = part(host, 'bubble');
  const mark = part(host, 'mark');
  const replicaLine = part(host, 'replica');
  const status = part(host, 'status');
  const turns = part(host, 'turns');
  /** Each column's name as a card shows it on a phone (rendered on the server with the header). */
  const cardLabels = [...host.querySelectorAll<HTMLElement>('.rs-turns thead th')].map(
    (th) => th.dataset.cardLabel ?? '',
  );

  const replica = startModelReplica();
  const ledger = new BillingLedger();
  const transcript = new Transcript();
  let count = 0;
  let current: { id: string; controller: AbortController } | null = null;
  /** Each turn's row, by turn id. */
  const rows = new Map<string, HTMLElement>();

  /** What the replica generated for a turn: every call of it, added up. */
  const generation = (turnId: string) => {
    const records = replica.calls.forTurn(turnId);
    const last: CallRecord | undefined = records.at(-1);
    return {
      generated: records.reduce((sum, r) => sum + r.generatedTokens, 0),
      planned: records.reduce((sum, r) => sum + r.plannedTokens, 0),
      state: last?.state ?? 'generating',
    };
  };
  const generatedText = (g: ReturnType<typeof generation>) =>
    t('generatedOf', { generated: g.generated, count: g.planned, state: t(`state.${g.state}`) });

  // The replica's own count, live, in the turn's row (any turn's) and, for the turn under way, in the
  // replica's line: it stops growing when the replica stops generating.
  replica.calls.subscribe((record) => {
    const g = generation(record.turn);
    const row = rows.get(record.turn);
    if (row !== undefined) {
      row.dataset.generated = String(g.generated);
      row.querySelectorAll('td')[2]!.textContent = generatedText(g);
    }
    if (record.turn !== current?.id) return;
    replicaLine.dataset.generation = record.state;
    replicaLine.dataset.generated = String(g.generated);
    replicaLine.textContent = t('replicaLine', { text: generatedText(g) });
  });

  const setMode = (mode: 'send' | 'stop') => {
    send.dataset.mode = mode;
    send.textContent = t(mode);
  };

  let paintPending = false;
  let shownText = '';
  const paint = () => {
    paintPending = false;
    renderMarkdown(bubble, shownText);
    bubble.scrollTop = bubble.scrollHeight;
  };

  const finishRow = (row: HTMLElement, report: TurnReport) => {
    const billed = ledger.forTurn(report.turnId);
    const saved = transcript.forTurn(report.turnId)[0];
    const cells = row.querySelectorAll('td');
    cells[2]!.textContent = generatedText(generation(report.turnId));
    cells[3]!.replaceChildren(
      billed.length === 0
        ? h('strong', 'bad', t('billedNothing'))
        : billed
            .map((entry) => t('billedTokens', { input: entry.inputTokens, output: entry.outputTokens }))
            .join(' + '),
    );
    cells[4]!.textContent =
      saved === undefined
        ? t('savedNothing')
        : t('savedAs', { status: t(`status.${saved.status}`), count: saved.text.length });
  };

  const start = async () => {
    const question = message.value.trim();
    if (question === '') {
      status.textContent = t('emptyQuestion');
      message.focus();
      return;
    }
    const id = `turn-${++count}`;
    const billIn = (host.querySelector<HTMLInputElement>('input[type=radio]:checked')?.value ?? 'finally') as
      | 'finally'
      | 'after-the-loop';
    turns.querySelector('[data-empty]')?.remove();
    const cells = [String(count), t(`billIn.${billIn}`), '…', '…', '…'].map((text, i) =>
      h('td', { 'data-label': cardLabels[i] ?? '' }, text),
    );
    const row = h('tr', { 'data-turn': id }, ...cells);
    turns.append(row);
    rows.set(id, row);
    current = { id, controller: new AbortController() };
    shownText = '';
    bubble.replaceChildren();
    mark.removeAttribute('data-stopped');
    mark.textContent = t('arriving');
    status.textContent = '';
    host.dataset.state = 'running';
    setMode('stop');
    const report = await runTurn('stream-every-round', {
      model: replica.fetch,
      question,
      turnId: id,
      signal: current.controller.signal,
      ledger,
      transcript,
      billIn,
      onText: (_piece, shown) => {
        shownText = shown;
        if (!paintPending) {
          paintPending = true;
          requestAnimationFrame(paint);
        }
      },
    });
    current = null;
    shownText = report.text;
    paint();
    finishRow(row, report);
    setMode('send');
    host.dataset.state = report.status;
    if (report.status === 'stopped') mark.setAttribute('data-stopped', '');
    mark.textContent = t(`mark.${report.status}`);
    const billed = ledger.forTurn(id);
    announce(
      status,
      report.status === 'failed'
        ? t('failed', { message: report.error ?? '' })
        : t(billed.length === 0 ? 'saidUnbilled' : 'saidBilled', {
            status: t(`status.${report.status}`),
            output: billed[0]?.outputTokens ?? 0,
          }),
    );
  };

  const stop = () => current?.controller.abort();

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (send.dataset.mode === 'stop') stop();
    else void start();
  });
  host.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && current !== null) {
      event.preventDefault();
      stop();
    }
  });
});
