import { describe, expect, it } from 'vitest';
import { asciiFileName, contentDisposition, safeFileName, uniqueFileName } from './content-disposition.ts';

describe('contentDisposition', () => {
  it('keeps a plain ASCII name as is, without filename*', () => {
    expect(contentDisposition('reports-2025-09-12.zip')).toBe('attachment; filename="reports-2025-09-12.zip"');
  });

  it('gives an ASCII fallback and the exact UTF-8 name for anything else', () => {
    expect(contentDisposition('Kovács Bence - Enneagram.pdf')).toBe(
      `attachment; filename="Kovacs Bence - Enneagram.pdf"; filename*=UTF-8''Kov%C3%A1cs%20Bence%20-%20Enneagram.pdf`,
    );
    expect(contentDisposition('Ωμέγα (1).pdf', 'inline')).toBe(
      `inline; filename="_ (1).pdf"; filename*=UTF-8''%CE%A9%CE%BC%CE%AD%CE%B3%CE%B1%20%281%29.pdf`,
    );
  });

  it('cannot be used to inject header parameters or paths', () => {
    const header = contentDisposition('../../etc/passwd"; filename="evil.exe\r\nSet-Cookie: x=1');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).not.toContain('/');
    expect(header.match(/"/g)).toHaveLength(2);
    expect(header.startsWith('attachment; filename="_.._etc_passwd_; filename=_evil.exe')).toBe(true);
  });

  it('falls back to a neutral name when nothing is left', () => {
    expect(contentDisposition('  ...  ')).toBe('attachment; filename="download"');
  });

  it('shortens long names to fit the contract’s 300 characters, keeping the extension', () => {
    const header = contentDisposition(`${'Ő'.repeat(200)}.pptx`);
    expect(header.length).toBeLessThanOrEqual(300);
    expect(header).toMatch(/\.pptx"; filename\*=UTF-8''(%C5%90)+\.pptx$/);
    expect(contentDisposition(`${'a'.repeat(400)}.pdf`)).toMatch(/^attachment; filename="a+\.pdf"$/);
  });
});

describe('file names', () => {
  it('removes separators, controls and reserved characters', () => {
    expect(safeFileName('a/b\\c:d*e?f"g<h>i|j\u0000k\tl')).toBe('a_b_c_d_e_f_g_h_i_jk l');
    expect(safeFileName('.hidden')).toBe('hidden');
  });

  it('makes an ASCII fallback', () => {
    expect(asciiFileName('Ñandú Šťastný.pdf')).toBe('Nandu Stastny.pdf');
    expect(asciiFileName('日本.pdf')).toBe('_.pdf');
  });

  it('numbers duplicates within one archive', () => {
    const taken = new Set<string>();
    expect(uniqueFileName('Smith John - Enneagram.pdf', taken)).toBe('Smith John - Enneagram.pdf');
    expect(uniqueFileName('smith john - enneagram.pdf', taken)).toBe('smith john - enneagram (2).pdf');
    expect(uniqueFileName('Smith John - Enneagram.pdf', taken)).toBe('Smith John - Enneagram (3).pdf');
  });
});
