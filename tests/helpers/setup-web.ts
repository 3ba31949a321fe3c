import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { guardConsole } from './console-guard.ts';

afterEach(() => cleanup());
// A page loaded lazily (a route's code) can take seconds on a busy 2-core machine: findBy* and
// waitFor wait for what the user would see, not for a fixed budget of one second.
// A text box's words are its value, not text on the page: *ByText never finds them in a <textarea>
// (whose DOM child is only the value React first gave it); ask the box itself (getByRole, value).
configure({ asyncUtilTimeout: 10_000, defaultIgnore: 'script, style, textarea' });
guardConsole(['error', 'warn']);
