// The gallery's index.html: one section per screen, one row per state with its shot at each width side by side,
// each captioned (state, width, file, and what went wrong when the state did not show); the shots that went wrong
// are listed first. Self-contained: open it from the folder (file://).
import type { ShotResult, WIDTHS, Width } from './shots.ts';

export interface IndexMeta {
  origin: string;
  takenAt: Date;
  widths: typeof WIDTHS;
  fullPage: boolean;
}

const html = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** The results grouped by a key, groups and members in the order first met. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return [...groups];
}

function figure(result: ShotResult, meta: IndexMeta): string {
  const { shot, width, file, problem } = result;
  const size = meta.widths[width];
  const alt = `${shot.title}, ${shot.state}, ${width}`;
  return `<figure class="shot${problem ? ' shot--problem' : ''}" data-width="${width}"${problem ? ` data-problem="${html(problem)}"` : ''}>
        <a href="${html(file)}"><img src="${html(file)}" alt="${html(alt)}" loading="lazy"></a>
        <figcaption><strong>${width}</strong> ${size.width}×${size.height} · <a href="${html(file)}">${html(file)}</a>${
          problem ? `<br><span class="problem">${html(problem)}</span>` : ''
        }</figcaption>
      </figure>`;
}

export function galleryIndex(results: readonly ShotResult[], meta: IndexMeta): string {
  const screens = groupBy(results, (result) => result.shot.screen);
  const problems = results.filter((result) => result.problem);
  const widths = (Object.entries(meta.widths) as [Width, { width: number; height: number }][])
    .map(([name, size]) => `${name} ${size.width}×${size.height}`)
    .join(', ');
  const sections = screens.map(([screen, shots]) => {
    const [first] = shots;
    const address = shots.find((result) => result.shot.address)?.shot.address;
    const states = groupBy(shots, (result) => result.shot.state).map(
      ([state, byWidth]) => `<div class="state" id="${html(`${screen}--${state}`)}">
      <h3>${html(state)}</h3>
      <p class="caption">${html(byWidth[0]?.shot.caption ?? '')}</p>
      <div class="widths">
      ${byWidth.map((result) => figure(result, meta)).join('\n      ')}
      </div>
    </div>`,
    );
    return `<section id="${html(screen)}">
    <h2>${html(first?.shot.title ?? screen)}${address ? ` <code>${html(address)}</code>` : ''}</h2>
    ${states.join('\n    ')}
  </section>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Coach portal gallery</title>
<style>
  body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 1400px; padding: 1rem 1.5rem 4rem; color: #1f2933; }
  h1 { margin-bottom: 0.25rem; }
  nav { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; margin: 1rem 0; }
  section { border-top: 2px solid #d9e2ec; margin-top: 2rem; }
  h2 code { font-size: 0.8em; color: #52606d; font-weight: normal; }
  .state { margin: 1rem 0 2rem; }
  .state h3 { margin: 0; }
  .caption { margin: 0.25rem 0 0.5rem; color: #52606d; }
  .widths { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 1fr); gap: 1rem; align-items: start; }
  .shot { margin: 0; }
  .shot img { display: block; width: 100%; max-height: 720px; object-fit: cover; object-position: top; border: 1px solid #bcccdc; }
  .shot--problem img { border: 3px solid #d64545; }
  figcaption { font-size: 12px; color: #52606d; margin-top: 0.25rem; overflow-wrap: anywhere; }
  .problem, .problems li { color: #a61b1b; }
</style>
</head>
<body>
<h1>Coach portal gallery</h1>
<p>${results.length} shots of ${html(meta.origin)}, taken ${html(meta.takenAt.toISOString())}: ${html(widths)}; pages ${
    meta.fullPage ? 'whole' : 'as the first screen shows them'
  }, dialogs as the screen shows them. A screen is done when its shots here look right.</p>
${
  problems.length > 0
    ? `<section class="problems" id="problems">
  <h2>${problems.length} shots did not reach their state</h2>
  <ul>
    ${problems.map((result) => `<li><a href="#${html(`${result.shot.screen}--${result.shot.state}`)}">${html(result.file)}</a>: ${html(result.problem ?? '')}</li>`).join('\n    ')}
  </ul>
</section>`
    : '<p>Every shot reached its state.</p>'
}
<nav aria-label="Screens">${screens.map(([screen, shots]) => `<a href="#${html(screen)}">${html(shots[0]?.shot.title ?? screen)}</a>`).join(' ')}</nav>
${sections.join('\n')}
</body>
</html>
`;
}
