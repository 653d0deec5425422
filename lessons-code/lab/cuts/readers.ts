// The four readers of the cut demo, naive ones first (lab/stream-readers.ts): each as it reads a
// body, and the same reader over pieces already in hand, which the scan of every cut uses.

import type { StreamReadResult } from '../../core/events.ts';
import {
  decodingEachPiece,
  pageOverPieces,
  parsingEachPiece,
  readDecodingEachPiece,
  readPageStreamResult,
  readParsingEachPiece,
  readStandardStreamResult,
  standardOverPieces,
  type StreamReader,
} from '../stream-readers.ts';

/** A reader the cut demo tries at every cut: the two naive ones, the page's, the standard's. */
export interface CutReader {
  id: 'decodeEach' | 'parseEach' | 'page' | 'standard';
  /** The function's name: code, so never translated. */
  label: string;
  read: StreamReader;
  /** The same reader over pieces already in hand, synchronous: what the scan uses. */
  readPieces: (pieces: readonly Uint8Array[]) => StreamReadResult;
}

/** The four readers of the cut demo, naive ones first. */
export const CUT_READERS: readonly CutReader[] = [
  { id: 'decodeEach', label: 'readDecodingEachPiece', read: readDecodingEachPiece, readPieces: decodingEachPiece },
  { id: 'parseEach', label: 'readParsingEachPiece', read: readParsingEachPiece, readPieces: parsingEachPiece },
  { id: 'page', label: 'readPageStream', read: readPageStreamResult, readPieces: pageOverPieces },
  { id: 'standard', label: 'readStandardStream', read: readStandardStreamResult, readPieces: standardOverPieces },
];
