import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { writeClipboard } from '../../components/results-grid/clipboard.ts';
import { messageActionClass } from './message-action-class.ts';

/** Copies a message's text; says so for a moment. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className={messageActionClass}
      onClick={() => {
        void writeClipboard(text).then(() => setCopied(true));
      }}
    >
      {copied ? <Check size={12} aria-hidden="true" /> : <Copy size={12} aria-hidden="true" />}
      {copied ? 'Copied' : label}
    </button>
  );
}
