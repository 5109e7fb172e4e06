import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EnneagramFigure, styleFigureText } from './enneagram-figure.tsx';

describe('the nine-point figure', () => {
  it('is one image named and described by its texts, the nine styles drawn and the given one marked', () => {
    const { title, description } = styleFigureText(4, 'The Individualist');
    render(<EnneagramFigure style={4} title={title} description={description} />);
    const figure = screen.getByRole('img', { name: 'Enneagram figure with style 4, The Individualist, marked' });
    expect(figure.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(figure.getAttribute('aria-describedby') ?? '')?.textContent).toContain('style 4 is highlighted');
    const points = [...figure.querySelectorAll('.enneagram-figure__point')].map((point) => point.textContent);
    expect(points).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const marked = figure.querySelectorAll('.enneagram-figure__point--marked');
    expect(marked).toHaveLength(1);
    expect(marked[0]?.textContent).toBe('4');
  });

  it('marks no point without a style, and has no description unless given one', () => {
    render(<EnneagramFigure title="The Enneagram" />);
    const figure = screen.getByRole('img', { name: 'The Enneagram' });
    expect(figure.querySelector('.enneagram-figure__point--marked')).toBeNull();
    expect(figure.hasAttribute('aria-describedby')).toBe(false);
  });
});
