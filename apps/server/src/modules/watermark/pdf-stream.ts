import { Readable } from 'node:stream';

type PdfLib = typeof import('@cantoo/pdf-lib');
type PDFDocument = import('@cantoo/pdf-lib').PDFDocument;
type IndirectObject = [import('@cantoo/pdf-lib').PDFRef, import('@cantoo/pdf-lib').PDFObject];

/**
 * A stamped PDF written out as it is sent, not into one buffer first (decision 034): pdf-lib's own
 * save makes a second copy of the whole file (10 MB for a 10 MB file) and copies stream bytes one
 * at a time. Here the layout pdf-lib computes for its save (every object's offset, the xref table,
 * the trailer) is reused, so the bytes and the size are the same as `doc.save()` would give, and:
 * - small objects are written into 64 kB chunks;
 * - a large stream (an image, a font) is sent as a view of the file it was read from, never copied,
 *   so the file's buffer must stay untouched until the response has gone out.
 * It is still the whole file rewritten, with a single xref section (no incremental update).
 */

/** A stream at least this long is sent as a view of the file's bytes; a shorter one is copied. */
const VIEW_MIN_BYTES = 16 * 1024;
const CHUNK_BYTES = 64 * 1024;

export interface SerializedPdf {
  /** The exact length of what `stream` will give: the response's content-length. */
  sizeBytes: number;
  stream: Readable;
}

type WriterClass = ReturnType<typeof defineWriter>;
let Writer: WriterClass | null = null;

function defineWriter(pdfLib: PdfLib) {
  const { PDFWriter, PDFRawStream, defaultDocumentSnapshot } = pdfLib;
  const ascii = (text: string) => Buffer.from(text, 'latin1');
  const endObject = ascii('\nendobj\n\n');
  const streamStart = ascii('\nstream\n');
  const streamEnd = ascii('\nendstream');

  return class StreamingPdfWriter extends PDFWriter {
    static of(doc: PDFDocument) {
      return new StreamingPdfWriter(doc.context, Number.POSITIVE_INFINITY, defaultDocumentSnapshot);
    }

    async serialize(): Promise<SerializedPdf> {
      // The same walk as PDFWriter.serializeToBuffer, for a full (not incremental) save.
      const layout = await this.computeBufferSize(false);
      const objects = layout.indirectObjects.filter(
        ([ref, object]) =>
          this.shouldSave(false, ref.objectNumber, layout.indirectObjects) &&
          !this.shouldSkipCopiedObjectStream(object),
      );
      const stream = Readable.from(this.chunks(layout, objects), { objectMode: false });
      return { sizeBytes: layout.size, stream };
    }

    *chunks(
      layout: Awaited<ReturnType<StreamingPdfWriter['computeBufferSize']>>,
      objects: IndirectObject[],
    ): Generator<Uint8Array> {
      let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      let used = 0;
      let written = 0;
      /** Room for `bytes` more in the chunk; a full chunk is handed out first. */
      function* room(bytes: number): Generator<Uint8Array> {
        if (used + bytes <= chunk.length) return;
        if (used > 0) yield chunk.subarray(0, used);
        written += used;
        chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes));
        used = 0;
      }
      const put = (bytes: Uint8Array) => {
        chunk.set(bytes, used);
        used += bytes.length;
      };
      const { header, xref, trailerDict, trailer } = layout;
      yield* room(header.sizeInBytes() + 2);
      used += header.copyBytesInto(chunk, used);
      chunk[used++] = 0x0a;
      chunk[used++] = 0x0a;
      for (const [ref, object] of objects) {
        const opening = ascii(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
        if (object instanceof PDFRawStream && object.getContentsSize() >= VIEW_MIN_BYTES) {
          object.updateDict();
          yield* room(opening.length + object.dict.sizeInBytes() + streamStart.length);
          put(opening);
          used += object.dict.copyBytesInto(chunk, used);
          put(streamStart);
          yield chunk.subarray(0, used);
          written += used;
          chunk = chunk.subarray(used);
          used = 0;
          const contents = object.getContents();
          yield contents;
          written += contents.length;
          yield* room(streamEnd.length + endObject.length);
          put(streamEnd);
          put(endObject);
          continue;
        }
        const size = object.sizeInBytes();
        yield* room(opening.length + size + endObject.length);
        put(opening);
        used += object.copyBytesInto(chunk, used);
        put(endObject);
      }
      if (xref) {
        yield* room(xref.sizeInBytes() + 1);
        used += xref.copyBytesInto(chunk, used);
        chunk[used++] = 0x0a;
      }
      if (trailerDict) {
        yield* room(trailerDict.sizeInBytes() + 2);
        used += trailerDict.copyBytesInto(chunk, used);
        chunk[used++] = 0x0a;
        chunk[used++] = 0x0a;
      }
      yield* room(trailer.sizeInBytes());
      used += trailer.copyBytesInto(chunk, used);
      written += used;
      // The offsets in the xref were computed for exactly layout.size bytes: anything else is a bug,
      // and a broken file is not sent as if it were whole.
      if (written !== layout.size) throw new Error(`PDF size ${written}, expected ${layout.size}`);
      yield chunk.subarray(0, used);
    }
  };
}

/**
 * Writes a loaded (and stamped) PDF as a stream of its bytes. Streams of the file it was loaded
 * from are sent as views of that file's buffer: it must not be changed until the stream is done.
 */
export async function serializePdf(pdfLib: PdfLib, doc: PDFDocument): Promise<SerializedPdf> {
  Writer ??= defineWriter(pdfLib);
  // What doc.save() does before writing: flush embedded fonts, refresh form fields.
  await (doc as unknown as { prepareForSave(options: object): Promise<void> }).prepareForSave({});
  return Writer.of(doc).serialize();
}
