// A small, valid PDF built in code (no binary fixture in the repository): `pages` pages, each
// with a coloured band and a title, so a preview that draws it has plenty of non-white pixels.
export function makePdf(title: string, pages = 2): Buffer {
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1: catalog, 2: pages, 3: font, then per page: page + content
  const fontId = 3;
  let next = 4;
  const pageObjs: { id: number; contentId: number; stream: string }[] = [];
  for (let i = 0; i < pages; i++) {
    const id = next++;
    const contentId = next++;
    pageIds.push(id);
    const safe = title.replace(/[()\\]/g, '');
    const stream = [
      '0.14 0.35 0.84 rg',
      '50 680 512 80 re f',
      '0.9 0.3 0.2 rg',
      `50 ${200 + i * 40} 200 200 re f`,
      'BT /F1 28 Tf 1 1 1 rg 70 710 Td',
      `(${safe} - page ${i + 1}) Tj`,
      'ET',
    ].join('\n');
    pageObjs.push({ id, contentId, stream });
  }
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((p) => `${p} 0 R`).join(' ')}] /Count ${pages} >>`;
  objects[fontId] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  for (const p of pageObjs) {
    objects[p.id] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${fontId} 0 R >> >> /Contents ${p.contentId} 0 R >>`;
    objects[p.contentId] =
      `<< /Length ${Buffer.byteLength(p.stream)} >>\nstream\n${p.stream}\nendstream`;
  }
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out);
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++)
    out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
