import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Dialogs and actions are lazy modules: the first one a test opens is transformed on demand, which takes more than
// testing-library's default second on a busy machine. A state that never comes still fails, after 5 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
