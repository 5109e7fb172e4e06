import { ZipArchive } from 'archiver';

// A minimal but complete PresentationML package: one master, one layout, one theme and the given slides.
export type Slide = { title: string; lines: readonly string[] };

const NS =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument.presentationml';

export const escapeXml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');

const relationships = (items: readonly [id: string, type: string, target: string][]): string =>
  `${XML}<Relationships xmlns="${PKG_REL}">${items.map(([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`).join('')}</Relationships>`;

const emptyTree =
  '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr>';

function textBox(id: number, name: string, y: number, height: number, paragraphs: readonly string[], size: number, bold: boolean): string {
  const runs = paragraphs
    .map((text) => `<a:p><a:r><a:rPr lang="en-US" sz="${size}" b="${bold ? 1 : 0}" dirty="0"/><a:t>${escapeXml(text)}</a:t></a:r></a:p>`)
    .join('');
  return (
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${name}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>` +
    `<p:spPr><a:xfrm><a:off x="457200" y="${y}"/><a:ext cx="8229600" cy="${height}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>` +
    `<p:txBody><a:bodyPr wrap="square"><a:normAutofit/></a:bodyPr><a:lstStyle/>${runs}</p:txBody></p:sp>`
  );
}

const slideXml = (slide: Slide): string =>
  `${XML}<p:sld ${NS}><p:cSld><p:spTree>${emptyTree}` +
  textBox(2, 'Title', 365760, 914400, [slide.title], 2800, true) +
  textBox(3, 'Body', 1371600, 4800600, slide.lines, 1600, false) +
  '</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>';

const master =
  `${XML}<p:sldMaster ${NS}><p:cSld><p:spTree>${emptyTree}</p:spTree></p:cSld>` +
  '<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>' +
  '<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>';

const layout = `${XML}<p:sldLayout ${NS} type="blank" preserve="1"><p:cSld name="Blank"><p:spTree>${emptyTree}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>`;

const colour = (name: string, hex: string): string => `<a:${name}><a:srgbClr val="${hex}"/></a:${name}>`;
const solid = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>';
const line = `<a:ln w="9525">${solid}</a:ln>`;
const theme =
  `${XML}<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="Sandbox"><a:themeElements>` +
  '<a:clrScheme name="Sandbox"><a:dk1><a:sysClr val="windowText" lastClr="000000"/></a:dk1><a:lt1><a:sysClr val="window" lastClr="FFFFFF"/></a:lt1>' +
  colour('dk2', '1F3A5F') +
  colour('lt2', 'E7E6E6') +
  colour('accent1', '2E7D32') +
  colour('accent2', 'EF6C00') +
  colour('accent3', '1565C0') +
  colour('accent4', '6A1B9A') +
  colour('accent5', '00838F') +
  colour('accent6', 'AD1457') +
  colour('hlink', '0563C1') +
  colour('folHlink', '954F72') +
  '</a:clrScheme>' +
  '<a:fontScheme name="Sandbox"><a:majorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont>' +
  '<a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme>' +
  `<a:fmtScheme name="Sandbox"><a:fillStyleLst>${solid.repeat(3)}</a:fillStyleLst><a:lnStyleLst>${line.repeat(3)}</a:lnStyleLst>` +
  `<a:effectStyleLst>${'<a:effectStyle><a:effectLst/></a:effectStyle>'.repeat(3)}</a:effectStyleLst><a:bgFillStyleLst>${solid.repeat(3)}</a:bgFillStyleLst></a:fmtScheme>` +
  '</a:themeElements></a:theme>';

/** The package's parts, in the order they are zipped ([Content_Types].xml first, as OOXML readers expect). */
export function pptxParts(slides: readonly Slide[], title: string): [name: string, content: string][] {
  const slideNumbers = slides.map((_, index) => index + 1);
  const contentTypes =
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/ppt/presentation.xml" ContentType="${CT}.presentation.main+xml"/>` +
    `<Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="${CT}.slideMaster+xml"/>` +
    `<Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="${CT}.slideLayout+xml"/>` +
    slideNumbers.map((n) => `<Override PartName="/ppt/slides/slide${n}.xml" ContentType="${CT}.slide+xml"/>`).join('') +
    '<Override PartName="/ppt/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>' +
    '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
    '</Types>';
  const presentation =
    `${XML}<p:presentation ${NS} saveSubsetFonts="1"><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst>` +
    `<p:sldIdLst>${slideNumbers.map((n) => `<p:sldId id="${255 + n}" r:id="rId${n + 2}"/>`).join('')}</p:sldIdLst>` +
    '<p:sldSz cx="9144000" cy="6858000" type="screen4x3"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>';
  const core =
    `${XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">` +
    `<dc:title>${escapeXml(title)}</dc:title><dc:creator>Coach portal sandbox</dc:creator></cp:coreProperties>`;
  return [
    ['[Content_Types].xml', contentTypes],
    [
      '_rels/.rels',
      relationships([
        ['rId1', `${REL}/officeDocument`, 'ppt/presentation.xml'],
        ['rId2', 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties', 'docProps/core.xml'],
      ]),
    ],
    ['docProps/core.xml', core],
    ['ppt/presentation.xml', presentation],
    [
      'ppt/_rels/presentation.xml.rels',
      relationships([
        ['rId1', `${REL}/slideMaster`, 'slideMasters/slideMaster1.xml'],
        ['rId2', `${REL}/theme`, 'theme/theme1.xml'],
        ...slideNumbers.map((n): [string, string, string] => [`rId${n + 2}`, `${REL}/slide`, `slides/slide${n}.xml`]),
      ]),
    ],
    ['ppt/slideMasters/slideMaster1.xml', master],
    [
      'ppt/slideMasters/_rels/slideMaster1.xml.rels',
      relationships([
        ['rId1', `${REL}/slideLayout`, '../slideLayouts/slideLayout1.xml'],
        ['rId2', `${REL}/theme`, '../theme/theme1.xml'],
      ]),
    ],
    ['ppt/slideLayouts/slideLayout1.xml', layout],
    ['ppt/slideLayouts/_rels/slideLayout1.xml.rels', relationships([['rId1', `${REL}/slideMaster`, '../slideMasters/slideMaster1.xml']])],
    ['ppt/theme/theme1.xml', theme],
    ...slides.flatMap((slide, index): [string, string][] => [
      [`ppt/slides/slide${index + 1}.xml`, slideXml(slide)],
      [`ppt/slides/_rels/slide${index + 1}.xml.rels`, relationships([['rId1', `${REL}/slideLayout`, '../slideLayouts/slideLayout1.xml']])],
    ]),
  ];
}

export async function pptxBuffer(slides: readonly Slide[], title: string): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const chunks: Buffer[] = [];
  archive.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    archive.on('end', () => resolve());
    archive.on('error', reject);
  });
  for (const [name, content] of pptxParts(slides, title)) archive.append(content, { name, date: new Date('2025-01-01T00:00:00Z') });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}
