/** Dictation's messages and toasts (docs/product.md §15.5), verbatim. */
export const dictationMessages = {
  unsupported: 'Speech recognition is not supported in your browser. Please try Chrome, Edge, or Safari.',
  denied: 'Microphone access denied. Please allow microphone access in your browser settings.',
  micError: (code: string) => `Microphone error: ${code}. Please check browser permissions.`,
  startFailed: 'Error starting speech recognition. Please try reloading the page.',
  stopFailed: 'Error stopping speech recognition. Please try reloading the page.',
  restartFailed: 'Failed to restart speech recognition. Please try again.',
  initFailed: 'Error initializing speech recognition. Please try reloading the page.',
  stopped: 'Voice input stopped',
  listening: 'Listening for voice input...',
} as const;
