// keyUnder (src/lib/course-keys.ts): the ids of lessons-code's readers and splits, which the demos
// turn into UI string keys, each have their key; a name without one throws, naming the key.

import { describe, expect, it } from 'vitest';
import { READERS, SPLITS } from '../../../lessons-code/index.ts';
import { keyUnder } from '../../../src/lib/course-keys.ts';

describe('keyUnder', () => {
  it('gives the key of every reader and every split of lessons-code', () => {
    expect(READERS.map((reader) => keyUnder('names.reader', reader.id))).toEqual([
      'course.names.reader.standard',
      'course.names.reader.page',
      'course.names.reader.chatService',
    ]);
    expect(SPLITS.map((split) => keyUnder('names.split', split.id))).toEqual([
      'course.names.split.pinned',
      'course.names.split.after743',
    ]);
  });

  it('throws on a name that has no key, or a key under another prefix', () => {
    expect(() => keyUnder('names.reader', 'standrad')).toThrow('course.names.reader.standrad');
    expect(() => keyUnder('names.split', 'standard')).toThrow('course.names.split.standard');
  });

  it('finds a plural by its forms only, as it says', () => {
    expect(keyUnder('count', 'chunks_one')).toBe('course.count.chunks_one');
    expect(() => keyUnder('count', 'chunks')).toThrow('course.count.chunks');
  });
});
