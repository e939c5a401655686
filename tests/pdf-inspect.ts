// Looking inside a PDF's objects from a test (docs/decisions/0052-pdf-library.md): its streams
// inflated, so a test can read the ToUnicode maps of the embedded fonts.
import { inflateSync } from 'node:zlib';

/** Every stream of the file, inflated when it is Flate-compressed (as pdfkit writes them). */
export function pdfStreams(pdf: Uint8Array): string[] {
  const bytes = Buffer.from(pdf);
  const text = bytes.toString('latin1');
  const streams: string[] = [];
  // An object's dictionary, up to the `>>` right before its `stream` keyword.
  const object = /\d+ 0 obj\s*(<<[\s\S]*?>>)\s*stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = object.exec(text))) {
    const dict = match[1]!;
    const start = match.index + match[0].length;
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    if (!Number.isFinite(length)) continue;
    const raw = bytes.subarray(start, start + length);
    streams.push((/\/FlateDecode/.test(dict) ? inflateSync(raw) : raw).toString('latin1'));
    object.lastIndex = start + length;
  }
  return streams;
}

/** The destinations of every bfchar and bfrange entry of the ToUnicode maps, as strings. */
export function toUnicodeTargets(pdf: Uint8Array): string[] {
  const targets: string[] = [];
  for (const stream of pdfStreams(pdf).filter((s) => s.includes('begincmap'))) {
    // pdfkit writes one range per 256 glyphs: `<start> <end> [<0645> <0627 0644> ...]`.
    for (const hex of stream.matchAll(/<([0-9a-fA-F]{4}(?: [0-9a-fA-F]{4})*)>/g)) {
      const units = hex[1]!.split(' ').map((u) => parseInt(u, 16));
      targets.push(String.fromCharCode(...units));
    }
  }
  return targets;
}
