import { useEffect, useRef, useState } from "react";

/**
 * Voice input through the browser's own speech recognition (the Web Speech API), where the
 * browser offers it (Chrome, Edge, Safari); elsewhere `available` is false and no button shows.
 * Final phrases are handed to `onWords`; the text stays editable.
 */

interface Recognition {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  start(): void;
  stop(): void;
  onresult: ((event: { resultIndex: number; results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}

type RecognitionConstructor = new () => Recognition;

function recognitionClass(): RecognitionConstructor | null {
  if (typeof window === "undefined") return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export function useDictation(onWords: (words: string) => void) {
  const [available, setAvailable] = useState(false);
  const [listening, setListening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const recognition = useRef<Recognition | null>(null);
  const words = useRef(onWords);
  words.current = onWords;

  // Known only in the browser: the server renders without the button.
  useEffect(() => setAvailable(recognitionClass() !== null), []);
  useEffect(() => () => recognition.current?.stop(), []);

  function start() {
    const Class = recognitionClass();
    if (!Class) return;
    const r = new Class();
    r.continuous = true;
    r.interimResults = false;
    r.lang = document.documentElement.lang || "en";
    r.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i]!;
        if (result.isFinal) words.current(result[0].transcript.trim());
      }
    };
    r.onerror = (event) => setError(event.error === "not-allowed" ? "the microphone is not allowed" : event.error.replace(/-/g, " "));
    r.onend = () => setListening(false);
    recognition.current = r;
    setError(null);
    try {
      r.start();
      setListening(true);
    } catch {
      setListening(false);
    }
  }

  function stop() {
    // Results still on their way belong to this answer, not the next one: drop them.
    if (recognition.current) recognition.current.onresult = null;
    recognition.current?.stop();
    recognition.current = null;
    setListening(false);
  }

  return { available, listening, error, toggle: () => (listening ? stop() : start()), stop };
}
