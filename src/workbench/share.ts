// A link to a learner's code: the code, compressed (zlib's deflate format, RFC 1950, with its Adler-32
// checksum, so that an altered link is found out; the browser's CompressionStream), in the
// address's fragment, `#code/<exercise>/1/<base64url>`. A browser keeps the fragment to itself, it is
// not part of the request (RFC 3986 §3.5), so the code travels inside the link and reaches no server.
// Reading a link is careful: a cut or altered link, or one whose code would be longer than the editor
// takes, gives a reason instead of code, and decompression stops as soon as the code is too long.

/** The fragment's start, then the exercise's id, then the format's version. */
const FRAGMENT = /^#code\/([a-z0-9][a-z0-9-]*)\/1\/([A-Za-z0-9_-]*)$/;

export type SharedCode = { code: string } | { problem: 'damaged' | 'tooLong' };

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

async function bytesOf(stream: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array | 'tooLong'> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > max) {
      await reader.cancel().catch(() => undefined);
      return 'tooLong';
    }
    chunks.push(value);
  }
  const all = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

/** The fragment of a link to `code` in exercise `id`. */
export async function fragmentFor(id: string, code: string): Promise<string> {
  const compressed = new Blob([new TextEncoder().encode(code)]).stream().pipeThrough(new CompressionStream('deflate'));
  const bytes = await bytesOf(compressed, Number.POSITIVE_INFINITY);
  return `#code/${id}/1/${toBase64Url(bytes as Uint8Array)}`;
}

/** The exercise a fragment is a link to, or null when it is not a link to code. */
export function exerciseOfFragment(hash: string): string | null {
  return FRAGMENT.exec(hash)?.[1] ?? null;
}

/** The code in a link's fragment (at most `maxChars` characters), or why it cannot be had. */
export async function codeOfFragment(hash: string, maxChars: number): Promise<SharedCode> {
  const match = FRAGMENT.exec(hash);
  const bytes = match ? fromBase64Url(match[2]!) : null;
  if (bytes === null || bytes.length === 0) return { problem: 'damaged' };
  try {
    // UTF-8 takes at most 3 bytes per UTF-16 code unit: past that, the code is too long for sure.
    const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
      .stream()
      .pipeThrough(new DecompressionStream('deflate'));
    const raw = await bytesOf(stream, maxChars * 3);
    if (raw === 'tooLong') return { problem: 'tooLong' };
    const code = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    return code.length > maxChars ? { problem: 'tooLong' } : { code };
  } catch {
    return { problem: 'damaged' };
  }
}
