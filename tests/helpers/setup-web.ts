import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { guardConsole } from './console-guard.ts';
import { freshPage } from './fresh-page.ts';

afterEach(() => cleanup());
// A page loaded lazily (a route's code) can take seconds on a busy 2-core machine: findBy* and
// waitFor wait for what the user would see, not for a fixed budget of one second.
configure({ asyncUtilTimeout: 10_000 });
guardConsole(['error', 'warn']);
freshPage();
