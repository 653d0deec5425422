// A widget's translated strings in the browser, read from the data-strings attribute its .astro
// file rendered and from the page's shared blocks its data-strings-from names
// (src/demo-kit/kit-server.ts: widgetStrings, demoStrings, pageStrings), with plurals and numbers per
// locale (src/demo-kit/format.ts). A module of its own, re-exported by the demo kit: the exercises'
// progress line loads with the page and needs only this.

import { formBase, formatNumber, translate, type Table, type Vars } from './format.ts';
import type { SHARED_PREFIXES } from './kit-server.ts';
import type { KeysUnder } from '../lib/ui-keys.ts';

/** A translated string by key, `{{name}}` placeholders filled from `vars` (see `Strings.t`). */
export type Translate = (key: string, vars?: Vars) => string;

/** The same lookup restricted to the keys `K`: a key outside them is a type error. */
export type KeyedTranslate<K extends string> = (key: K, vars?: Vars) => string;

type SharedKey<P = (typeof SHARED_PREFIXES)[number]> = P extends `course.${infer N}.` ? `${N}.${KeysUnder<N>}` : never;

/**
 * The keys of demo `N` written in full (`stopShort.title`, `names.throws`): its own, `course.<N>.*`,
 * and those of the prefixes every demo gets (SHARED_PREFIXES). Both the build's lookup (kit-server.ts:
 * serverStrings) and the browser's (`Strings.t`) find them, so a view model that runs in both may use
 * them: `type Tr = KeyedTranslate<DemoKey<'stopShort'>>`. Keys that reach a demo through DemoFrame's
 * `extraStrings` are not in it.
 */
export type DemoKey<N extends string> = `${N}.${KeysUnder<N>}` | SharedKey;

/** What the browser's `Strings.t` of demo `N` also finds: its own and the `demo.` keys without their prefix. */
export type DemoClientKey<N extends string> = DemoKey<N> | KeysUnder<N> | KeysUnder<'demo'>;

/** A table of strings from JSON; empty, with the reason in the console, if the JSON is broken. */
function parseTable(json: string, where: string): Table {
  try {
    return JSON.parse(json) as Table;
  } catch (error) {
    console.error(`UI strings: ${where} is not JSON`, error);
    return {};
  }
}

/** The page's shared blocks of strings, each read once, by id. */
const blocks = new Map<string, Table>();

function sharedBlock(host: HTMLElement, id: string): Table {
  let table = blocks.get(id);
  if (table) return table;
  const block = host.ownerDocument.getElementById(id);
  if (!block) console.error(`UI strings: no block #${id} in the page for ${host.localName}`);
  table = block ? parseTable(block.textContent ?? '', `block #${id}`) : {};
  blocks.set(id, table);
  return table;
}

export class Strings {
  readonly lang: string;
  private readonly table: Table;
  private readonly scope: string;
  /** Every key, and the keys whose plural forms the table holds (`x` for `x_one`, `x#before_one`…). */
  private readonly withForms: ReadonlySet<string>;

  constructor(host: HTMLElement, scope: string) {
    this.lang = host.closest<HTMLElement>('[lang]')?.lang || document.documentElement.lang || 'en';
    this.scope = scope;
    const table: Table = {};
    for (const id of host.dataset.stringsFrom?.split(' ') ?? []) Object.assign(table, sharedBlock(host, id));
    this.table = Object.assign(table, parseTable(host.dataset.strings ?? '{}', `${host.localName}'s data-strings`));
    this.withForms = new Set(Object.keys(table).map(formBase));
  }

  /** The full key for `key`: the demo's own first, then the shared `demo.` ones, then `key` as given. */
  private resolve(key: string): string | undefined {
    for (const full of [`${this.scope}.${key}`, `demo.${key}`, key]) {
      if (full in this.table || this.withForms.has(full)) return full;
    }
    return undefined;
  }

  /**
   * A translated string; the number its forms name (`vars.count`, `vars.before`…) picks the plural
   * form (src/demo-kit/format.ts); numbers are formatted per locale.
   */
  t: Translate = (key, vars) => {
    const full = this.resolve(key);
    if (full === undefined) {
      console.error(`missing UI string: ${key}`);
      return key;
    }
    return translate(this.table, this.lang, full, vars);
  };

  /** A number as this locale writes it. */
  n = (value: number): string => formatNumber(this.lang, value);
}
