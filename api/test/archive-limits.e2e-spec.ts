import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';
import ExcelJS from 'exceljs';
import { PICTURES_ZIP_LIMITS, WORKBOOK_LIMITS } from '../src/files/index.js';
import { api, bearer, startWithUsers, type TestApp } from './harness.js';

/**
 * Archives made to unpack the server (docs/product.md#import-and-export): a pictures ZIP and an Excel workbook that
 * declare, or unpack to, far more than they weigh are refused within seconds with a 413 naming the file and the limit,
 * while the shop keeps answering its health checks, and a workbook and a ZIP within the limits are still read.
 */
const MB = 1024 * 1024;

interface ZipFile {
  name: string;
  /** The bytes as stored (deflated unless `stored`). */
  packed: Buffer;
  /** What the headers say it unpacks to, and its CRC (a lie in a bomb). */
  declared: number;
  crc?: number;
  stored?: boolean;
}

/** A ZIP written byte by byte, as a hostile tool would: the headers say what the test says. */
function zipOf(files: ZipFile[], { declaredCount }: { declaredCount?: number } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(f.stored ? 0 : 8, 8);
    local.writeUInt32LE(f.crc ?? 0, 14);
    local.writeUInt32LE(f.packed.length, 18);
    local.writeUInt32LE(f.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(f.stored ? 0 : 8, 10);
    central.writeUInt32LE(f.crc ?? 0, 16);
    central.writeUInt32LE(f.packed.length, 20);
    central.writeUInt32LE(f.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, f.packed);
    centrals.push(central, name);
    offset += local.length + name.length + f.packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(declaredCount ?? files.length, 8);
  end.writeUInt16LE(declaredCount ?? files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `megabytes` of `pattern` over and over, deflated as it streams (never held whole): a few hundred KB. */
async function deflatedRepeats(pattern: string, megabytes: number): Promise<Buffer> {
  const block = Buffer.alloc(MB, pattern);
  const deflater = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise((resolve) => deflater.on('end', resolve));
  for (let i = 0; i < megabytes; i++) if (!deflater.write(block)) await new Promise((r) => deflater.once('drain', r));
  deflater.end();
  await ended;
  return Buffer.concat(out);
}

const honest = (name: string, text: string): ZipFile => {
  const data = Buffer.from(text, 'utf8');
  return { name, packed: deflateRawSync(data), declared: data.length, crc: crc32(data) };
};
/** The parts of a workbook besides its sheet: enough for a reader to look for the sheet. */
const WORKBOOK_PARTS = [
  honest(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
  ),
  honest(
    '_rels/.rels',
    '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ),
];

describe('archives past their limits (pglite)', () => {
  let t: TestApp, admin: string;
  beforeAll(async () => {
    ({ t, admin } = await startWithUsers('pglite'));
  });
  afterAll(() => t.close());

  const CSV = 'sku,name,category,unit,price,pictures\nBOMB-1,Bomb,Nowhere,1 box,10,bomb.png';
  const upload = (parts: { file: Buffer; name: string; pictures?: Buffer }) => {
    const req = api(t).post('/api/admin/catalog/import?dryRun=1').set(bearer(admin)).attach('file', parts.file, parts.name);
    if (parts.pictures) void req.attach('pictures', parts.pictures, 'pictures.zip');
    return req;
  };

  /** Sends each upload while health checks go on every 50 ms; answers each upload's answer and time, and the slowest check. */
  async function whileHealthChecked<T>(work: () => Promise<T>): Promise<{ result: T; slowestCheckMs: number; checks: number }> {
    let stop = false;
    let slowestCheckMs = 0;
    let checks = 0;
    const checking = (async () => {
      while (!stop) {
        const started = performance.now();
        const res = await api(t).get('/api/health/live');
        expect(res.status).toBe(200);
        slowestCheckMs = Math.max(slowestCheckMs, performance.now() - started);
        checks++;
        // pacing: a load balancer's health checks, every 50 ms
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    try {
      return { result: await work(), slowestCheckMs, checks };
    } finally {
      stop = true;
      await checking;
    }
  }

  it('refuses pictures ZIPs that declare or unpack to far more than they weigh, naming the file and the limit, while health checks stay fast', async () => {
    const zeros = await deflatedRepeats('\0', 400);
    const bombs: Array<[string, Buffer, string]> = [
      // 400 MB of zeros in ~400 KB, its header claiming a 1 KB picture: found as it unpacks, at the first chunk past 1 KB.
      ['declared', zipOf([{ name: 'shots/bomb.png', packed: zeros, declared: 1024 }]), 'unpacks to other than its header says'],
      // The same, its header honest: refused from the directory, nothing unpacked.
      ['entryBytes', zipOf([{ name: 'bomb.png', packed: zeros, declared: 400 * MB }]), 'unpacks to more than 25 MB'],
      // Sixteen files each declaring 20 MB (within one file's cap, packed 1 to 95): 320 MB in all.
      ['totalBytes', zipOf(Array.from({ length: 16 }, (_, i) => ({ name: `p${i}.png`, packed: zeros.subarray(0, 220_000), declared: 20 * MB }))), 'in all'],
      ['ratio', zipOf([{ name: 'bomb.png', packed: zeros.subarray(0, 20_000), declared: 10 * MB }]), 'packed more than 100 to 1'],
      // 65,535 files claimed by the end record: refused before the directory is read.
      ['entries', zipOf([honest('a.png', 'x')], { declaredCount: 65_535 }), 'holds 65535 files'],
    ];
    const { result, slowestCheckMs, checks } = await whileHealthChecked(async () => {
      const answers = [];
      for (const [limit, pictures, words] of bombs) {
        const started = performance.now();
        const res = await upload({ file: Buffer.from(CSV), name: 'catalogue.csv', pictures });
        answers.push({ limit, words, res, ms: performance.now() - started, size: pictures.length });
      }
      return answers;
    });
    for (const { limit, words, res, ms, size } of result) {
      expect(size).toBeLessThan(4 * MB);
      expect([res.status, res.body.code, res.body.fields, res.body.limit?.name]).toEqual([413, 'FILE_TOO_LARGE', ['pictures'], limit]);
      expect(res.body.message).toMatch(/^pictures: /);
      expect(res.body.message).toContain(words);
      if (limit !== 'declared') expect(res.body.limit.value).toBe(PICTURES_ZIP_LIMITS[limit as 'entries']);
      expect(ms).toBeLessThan(10_000);
    }
    expect(checks).toBeGreaterThan(0);
    expect(slowestCheckMs).toBeLessThan(1000);
    console.log(
      `pictures bombs: ${result.map((r) => `${r.limit} ${Math.round(r.size / 1024)} KB → ${r.res.status} in ${Math.round(r.ms)} ms`).join('; ')}; slowest health check ${Math.round(slowestCheckMs)} ms of ${checks}`,
    );
  }, 120_000);

  it('refuses workbooks whose sheet declares or unpacks to 300 MB within seconds, while health checks stay fast', async () => {
    const rows = await deflatedRepeats('<row><c t="inlineStr"><is><t>x</t></is></c></row>', 300);
    const sheet = (declared: number): ZipFile => ({ name: 'xl/worksheets/sheet1.xml', packed: rows, declared });
    const books: Array<[string, Buffer]> = [
      ['declared', zipOf([...WORKBOOK_PARTS, sheet(20 * 1024)])],
      ['entryBytes', zipOf([...WORKBOOK_PARTS, sheet(300 * MB)])],
    ];
    const { result, slowestCheckMs } = await whileHealthChecked(async () => {
      const answers = [];
      for (const [limit, file] of books) {
        const started = performance.now();
        answers.push({ limit, res: await upload({ file, name: 'catalogue.xlsx' }), ms: performance.now() - started, size: file.length });
      }
      return answers;
    });
    for (const { limit, res, ms, size } of result) {
      expect(size).toBeLessThan(2 * MB);
      expect([res.status, res.body.code, res.body.fields, res.body.limit?.name]).toEqual([413, 'FILE_TOO_LARGE', ['file'], limit]);
      expect(res.body.message).toMatch(/^file: .*xl\/worksheets\/sheet1\.xml/);
      if (limit === 'entryBytes') expect(res.body.limit.value).toBe(WORKBOOK_LIMITS.entryBytes);
      expect(ms).toBeLessThan(10_000);
    }
    expect(slowestCheckMs).toBeLessThan(1000);
    console.log(
      `workbook bombs: ${result.map((r) => `${r.limit} ${Math.round(r.size / 1024)} KB → ${r.res.status} in ${Math.round(r.ms)} ms`).join('; ')}; slowest health check ${Math.round(slowestCheckMs)} ms`,
    );
  }, 120_000);

  it('still reads a workbook and a pictures ZIP within the limits', async () => {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('Catalogue');
    ws.addRow(['sku', 'name', 'category', 'unit', 'price', 'pictures']);
    ws.addRow(['FINE-1', 'Fine', 'Nowhere', '1 box', 10, 'fine.png']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const pictures = Buffer.from(zipSync({ 'shots/fine.png': Buffer.from('not really a png'), 'empty/': new Uint8Array() }));
    const res = await upload({ file, name: 'catalogue.xlsx', pictures });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    // The picture was found in the ZIP and unpacked (it is no image): the row's problem says so, not "not in the ZIP".
    expect(res.body.errors).toContainEqual({ row: 2, column: 'pictures', message: '"fine.png" is not a picture that can be read' });
  });
});
