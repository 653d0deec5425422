// Shared by the benchmarks: repeated samples, reported as median, min and max beside a budget.
// A benchmark prints; it never fails a build (exit code 0 whatever the figures).

export interface Figure {
  /** What was measured, as printed. */
  name: string;
  unit: string;
  /** The figure the course aims for, if any (a lower figure is better). */
  budget?: number;
  samples: number[];
  /** Why a sample could not be taken (the page changed, an error): printed instead of figures. */
  errors: string[];
}

export class Figures {
  private readonly all = new Map<string, Figure>();

  figure(name: string, unit = 'ms', budget?: number): Figure {
    let figure = this.all.get(name);
    if (!figure) {
      figure = { name, unit, budget, samples: [], errors: [] };
      this.all.set(name, figure);
    }
    return figure;
  }

  add(name: string, value: number, unit = 'ms', budget?: number): void {
    this.figure(name, unit, budget).samples.push(value);
  }

  fail(name: string, error: unknown): void {
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    this.figure(name).errors.push(message);
  }

  print(title: string): void {
    console.log(`\n${title}`);
    const width = Math.max(...[...this.all.keys()].map((name) => name.length), 10);
    console.log(
      `  ${'figure'.padEnd(width)}  ${'median'.padStart(9)}  ${'min'.padStart(9)}  ${'max'.padStart(9)}  runs  budget`,
    );
    for (const figure of this.all.values()) {
      const { samples, unit, budget } = figure;
      const format = (value: number) => `${value.toFixed(unit === 'ms' && value < 10 ? 1 : 0)} ${unit}`.padStart(9);
      if (samples.length > 0) {
        const mid = median(samples);
        const verdict = budget === undefined ? '' : `≤ ${budget} ${unit} ${mid <= budget ? '(within)' : '(OVER)'}`;
        console.log(
          `  ${figure.name.padEnd(width)}  ${format(mid)}  ${format(Math.min(...samples))} ` +
            ` ${format(Math.max(...samples))}  ${String(samples.length).padStart(4)}  ` +
            `${verdict}`,
        );
      }
      if (figure.errors.length > 0)
        console.log(`  ${figure.name.padEnd(width)}  not measured (${figure.errors.length}×): ${figure.errors[0]}`);
    }
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** `--runs N` on the command line, else the default. */
export function runsFromArgs(fallback: number): number {
  const at = process.argv.indexOf('--runs');
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export function argValue(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
