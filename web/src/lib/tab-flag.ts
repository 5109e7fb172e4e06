import { atom } from 'jotai';

function read(key: string): boolean {
  try {
    return globalThis.sessionStorage?.getItem(key) === '1';
  } catch {
    return false;
  }
}

/**
 * A yes/no the coach chose for this browser tab (e.g. 'Later' on a modal), kept in session storage so a reload
 * keeps it and a new tab or sign-in asks again.
 */
export function tabFlagAtom(key: string) {
  const flag = atom(read(key));
  return atom(
    (get) => get(flag),
    (_get, set, value: boolean) => {
      set(flag, value);
      try {
        if (value) globalThis.sessionStorage?.setItem(key, '1');
        else globalThis.sessionStorage?.removeItem(key);
      } catch {
        // Storage disabled: the choice lasts until the page is reloaded.
      }
    },
  );
}
