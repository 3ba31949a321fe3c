import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast/toast';
import { speechRecognitionConstructor, type SpeechRecognitionLike } from './speech-recognition-types';
import { dictationMessages } from './dictation-messages';

interface Dictation {
  supported: boolean;
  listening: boolean;
  /** Words heard but not final yet, shown while the user speaks. */
  interim: string;
  toggle: () => Promise<void>;
}

/**
 * Dictation over the Web Speech API (docs/product.md §5.3 "Voice input"): continuous with interim results in the
 * profile's language; off → on after microphone permission → off; while on, recognition restarts
 * whenever the browser ends it. Final text is handed to `onText`.
 */
export function useDictation(language: string, onText: (text: string) => void): Dictation {
  const [supported] = useState(() => speechRecognitionConstructor() !== null);
  const [listening, setListening] = useState(false);
  const [interim, setInterim] = useState('');
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const wanted = useRef(false);
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  }, [onText]);

  const stopWith = useCallback((message: string | null) => {
    wanted.current = false;
    setListening(false);
    setInterim('');
    if (message) toast.error(message);
  }, []);

  const create = useCallback((): SpeechRecognitionLike | null => {
    const Recognition = speechRecognitionConstructor();
    if (!Recognition) return null;
    try {
      const instance = new Recognition();
      instance.continuous = true;
      instance.interimResults = true;
      instance.lang = language;
      instance.onstart = () => setListening(true);
      instance.onresult = (event) => {
        let finalText = '';
        let pending = '';
        for (let index = event.resultIndex; index < event.results.length; index += 1) {
          const result = event.results[index];
          if (!result) continue;
          if (result.isFinal) finalText += result[0].transcript;
          else pending += result[0].transcript;
        }
        if (finalText.trim()) onTextRef.current(finalText.trim());
        setInterim(pending);
      };
      instance.onerror = (event) => {
        if (event.error === 'no-speech' || event.error === 'aborted') return; // onend restarts
        if (event.error === 'not-allowed' || event.error === 'service-not-allowed')
          stopWith(dictationMessages.denied);
        else stopWith(dictationMessages.micError(event.error));
      };
      instance.onend = () => {
        setInterim('');
        if (!wanted.current) {
          setListening(false);
          return;
        }
        try {
          instance.start();
        } catch {
          stopWith(dictationMessages.restartFailed);
        }
      };
      return instance;
    } catch {
      toast.error(dictationMessages.initFailed);
      return null;
    }
  }, [language, stopWith]);

  useEffect(
    () => () => {
      wanted.current = false;
      recognition.current?.abort();
    },
    [],
  );

  const toggle = useCallback(async () => {
    if (wanted.current) {
      wanted.current = false;
      try {
        recognition.current?.stop();
        toast(dictationMessages.stopped);
      } catch {
        toast.error(dictationMessages.stopFailed);
      }
      setListening(false);
      return;
    }
    if (!supported) {
      toast.error(dictationMessages.unsupported);
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      stream.getTracks().forEach((track) => track.stop());
    } catch {
      toast.error(dictationMessages.denied);
      return;
    }
    recognition.current?.abort();
    recognition.current = create();
    if (!recognition.current) return;
    try {
      wanted.current = true;
      recognition.current.start();
      toast(dictationMessages.listening);
    } catch {
      stopWith(dictationMessages.startFailed);
    }
  }, [create, stopWith, supported]);

  return { supported, listening, interim, toggle };
}
