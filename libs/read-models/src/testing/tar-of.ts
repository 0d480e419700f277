import { pack } from 'tar-stream';

/** A tar archive of these files (name: text), for tests of what unpacks images (pglite-images.ts). */
export async function tarOf(files: Record<string, string>): Promise<Buffer> {
  const archive = pack();
  for (const [name, text] of Object.entries(files)) archive.entry({ name }, text);
  archive.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of archive) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
