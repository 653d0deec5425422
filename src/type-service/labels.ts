// The UI strings of the type checker, the shared link and the progress file (content/i18n/*.json,
// under course.exercise.), as the workbench and the progress line receive them, and their lookup in
// the page: plural forms chosen for the count (src/lib/format.ts), numbers written the locale's way.

import { translate, type Table, type Vars } from '../lib/format.ts';

/** The workbench's strings (Exercise.astro hands them to the page in data-type-labels). */
export const WORKBENCH_KEYS = [
  'types.idle', 'types.loading', 'types.none', 'types.count_one', 'types.count_other', 'types.keys', 'types.keysMac', 'types.failed',
  'types.at', 'types.inReport_one', 'types.inReport_other', 'types.first',
  'cm.diagnostics', 'cm.noDiagnostics', 'cm.close', 'cm.completions',
  'share.button', 'share.copied', 'share.copyFailed', 'share.linkLabel', 'share.opened', 'share.keep', 'share.back', 'share.backStarter', 'share.kept',
  'share.backDone', 'share.damaged', 'share.tooLong',
] as const;

/** The progress line's strings (ExerciseProgress.astro, data-transfer-labels). */
export const PROGRESS_KEYS = [
  'transfer.download', 'transfer.load', 'transfer.downloaded', 'transfer.confirm_one', 'transfer.confirm_other', 'transfer.yes', 'cancel',
  'transfer.loaded_one', 'transfer.loaded_other', 'transfer.notJson', 'transfer.foreign', 'transfer.newer', 'transfer.damaged', 'transfer.unknown',
  'transfer.tooBig', 'transfer.unreadable', 'transfer.saveFailed', 'transfer.nothing',
] as const;

export type Say = (key: string, vars?: Vars) => string;

/** The lookup of a table read from an element's data attribute (an unknown key shows as itself). */
export function readTable(json: string | undefined, lang: string): Say {
  let table: Table = {};
  try {
    table = JSON.parse(json ?? '{}') as Table;
  } catch {
    table = {};
  }
  return (key, vars) => {
    try {
      return translate(table, lang, key, vars);
    } catch {
      return key;
    }
  };
}
