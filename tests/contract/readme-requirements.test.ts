// The README's requirements say what is true: the Node.js it asks for is the one package.json's `engines` names
// (an older one installs with EBADENGINE warnings), and the Dockerfile runs that major version.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const read = (file: string) => readFileSync(`${ROOT}${file}`, 'utf8');

describe("the README's requirements", () => {
  const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
  const minimum = /^>=\s*(\d+(?:\.\d+)*)$/.exec(engines)?.[1];

  it('ask for the Node.js that package.json requires', () => {
    expect(minimum).toBeDefined();
    const asked = /^Requirements: .*?Node\.js ≥ (\d+(?:\.\d+)*)/m.exec(read('README.md'))?.[1];
    expect(asked).toBe(minimum);
  });

  it('match the Dockerfile’s Node major version', () => {
    const images = [...read('Dockerfile').matchAll(/^FROM node:(\d+)/gm)].map((match) => match[1]);
    expect(images.length).toBeGreaterThan(0);
    expect(new Set(images)).toEqual(new Set([minimum?.split('.')[0]]));
  });
});
