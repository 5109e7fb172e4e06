import { describe, expect, it } from 'vitest';
import { highlightParts, type PaletteCommand, type PaletteScreen, paletteSections } from './palette-items.ts';

const marked = (text: string, search: string) =>
  highlightParts(text, search)
    .filter((part) => part.match)
    .map((part) => part.text);

describe('highlightParts', () => {
  it('marks every place the search occurs, case and accents aside, in the text as written', () => {
    expect(marked('Anika Novák', 'novak')).toEqual(['Novák']);
    expect(marked('anna.banana@example.test', 'AN')).toEqual(['an', 'an', 'an']);
    expect(highlightParts('Karoo Logistics', 'zz')).toEqual([{ text: 'Karoo Logistics', match: false }]);
    expect(
      highlightParts('Bence Kovács', 'ács')
        .map((part) => part.text)
        .join(''),
    ).toBe('Bence Kovács');
  });
});

describe('paletteSections', () => {
  const screens: PaletteScreen[] = [
    { id: 'messages', label: 'Messages', path: '/messages' },
    { id: 'emailTemplates', label: 'Email Templates', path: '/email-templates' },
    { id: 'samples', label: 'Samples & Brochures', path: '/samples-and-brochures' },
  ];
  const commands: PaletteCommand[] = [{ id: 'leaveMessage', label: 'Leave A Message', keywords: 'feedback support', run: () => undefined }];

  it('lists every screen and action before a search, and ranks the matches as the BFF ranks records', () => {
    expect(paletteSections('', undefined, screens, commands).map((section) => section.items.length)).toEqual([3, 1]);
    const [found] = paletteSections('s', undefined, screens, commands);
    // The label's start first, then the text anywhere, in the drawer's order.
    expect(found?.items.map((item) => (item.kind === 'screens' ? item.screen.label : ''))).toEqual([
      'Samples & Brochures',
      'Messages',
      'Email Templates',
    ]);
    const [actions] = paletteSections('support', undefined, screens, commands);
    expect(actions?.title).toBe('Actions');
  });
});
