// Where an exercise's id comes from: the name of its folder, lessons-code/exercises/<id>/.

/** `…/exercises/<id>/<file>` → `<id>`. */
export const exerciseIdOf = (path: string): string => /\/exercises\/([^/]+)\/[^/]+$/.exec(path)?.[1] ?? '';
