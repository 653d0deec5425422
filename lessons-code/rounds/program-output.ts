// How l6d prints: lines, blocks (one per `== ` title, as the 06d page shows them one by one) and
// tables padded to their widest cell, with numbers in the program's English format.

import type { LessonOutput } from '../program/lesson6.ts';

export const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
export const ms = (n: number | null): string => (n === null ? '-' : `${thousands(n)} ms`);

/** Lines, blocks (one per `== ` title, as the page shows them) and aligned tables. */
export class Output {
  private readonly lines: string[] = [];
  private readonly starts: number[] = [];

  line(text = ''): void {
    this.lines.push(text);
  }

  title(text: string): void {
    this.line();
    this.starts.push(this.lines.length);
    this.line(`== ${text}`);
  }

  /** A text as `  | line` lines, the way the lesson's program shows raw bytes and answers. */
  quote(text: string): void {
    for (const line of text.split('\n')) this.line(`  | ${line}`.trimEnd());
  }

  /** Columns padded to their widest cell; `right` lists the columns aligned to the right. */
  table(rows: string[][], right: number[] = []): void {
    const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
    for (const row of rows) {
      const cells = row.map((cell, col) =>
        right.includes(col) ? cell.padStart(widths[col]!) : cell.padEnd(widths[col]!),
      );
      this.line(cells.join('  ').trimEnd());
    }
  }

  result(): LessonOutput {
    const text = this.lines.join('\n') + '\n';
    const blocks = this.starts.map((start, i) =>
      this.lines
        .slice(start, this.starts[i + 1] ?? this.lines.length)
        .join('\n')
        .trimEnd(),
    );
    return { text, blocks };
  }
}
