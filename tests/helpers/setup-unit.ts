import { guardConsole } from './console-guard.ts';

guardConsole(['error', 'warn']);
