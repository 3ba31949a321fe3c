import {
  createContext,
  use,
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'textarea:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Open dialogs, innermost last: only the innermost one answers Escape and Tab and keeps focus. */
const openDialogs: HTMLElement[] = [];
let overflowBeforeLock = '';

interface DialogContextValue {
  titleId: string;
  descriptionId: string;
  setDescribed: (described: boolean) => void;
}

const DialogContext = createContext<DialogContextValue | null>(null);

function useDialogContext(part: string): DialogContextValue {
  const context = use(DialogContext);
  if (!context) throw new Error(`<${part}> must be inside a <Dialog>`);
  return context;
}

interface DialogProps {
  onClose: () => void;
  /** `alertdialog` for a question that interrupts the user (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** What takes focus on open (an element, or a function that picks one); by default the dialog itself. */
  initialFocus?: RefObject<HTMLElement | null> | ((dialog: HTMLElement) => HTMLElement | null);
  /** `center` (a dialog) or `left` (a full-height drawer from the left edge). */
  placement?: 'center' | 'left';
  /** Whether a click on the dimmed backdrop closes the dialog (off while there is unsaved text). */
  dismissOnBackdrop?: boolean;
  /** Size and layout of the panel. */
  className?: string;
  /** Must include a <DialogTitle>: it names the dialog. */
  children: ReactNode;
}

/**
 * A modal dialog over the page, in a portal: focus moves into it on open, Tab and Shift+Tab cycle
 * inside it, Escape closes it, the page behind does not scroll, and on close focus goes back to the
 * element that opened it. Named by its <DialogTitle>, described by its <DialogDescription> if any.
 */
export function Dialog({
  onClose,
  role = 'dialog',
  initialFocus,
  dismissOnBackdrop = false,
  placement = 'center',
  className = '',
  children,
}: DialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const [described, setDescribed] = useState(false);
  // Read once, on the first render: the control that opened the dialog still has focus then.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  const close = useEffectEvent(onClose);
  const focusInitial = useEffectEvent(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const target = typeof initialFocus === 'function' ? initialFocus(dialog) : initialFocus?.current;
    if (target) target.focus();
    else if (!dialog.contains(document.activeElement)) dialog.focus();
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (openDialogs.length === 0) {
      overflowBeforeLock = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    openDialogs.push(dialog);
    focusInitial();

    const innermost = () => openDialogs.at(-1) === dialog;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!innermost() || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      } else if (event.key === 'Tab') {
        keepTabInside(dialog, event);
      }
    };
    // Focus that lands behind the dialog (a click outside it) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (innermost() && event.target instanceof Node && !dialog.contains(event.target)) dialog.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      if (openDialogs.length === 0) document.body.style.overflow = overflowBeforeLock;
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);

  return createPortal(
    <div
      className={`fixed inset-0 z-50 flex bg-slate-900/50 ${placement === 'left' ? 'items-stretch justify-start' : 'items-center justify-center p-4'}`}
      onMouseDown={(event) => {
        if (dismissOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={described ? descriptionId : undefined}
        tabIndex={-1}
        className={`bg-white shadow-xl focus:outline-none ${placement === 'left' ? 'h-full' : 'max-h-[90vh] w-full rounded-2xl'} ${className}`}
      >
        <DialogContext value={{ titleId, descriptionId, setDescribed }}>{children}</DialogContext>
      </div>
    </div>,
    document.body,
  );
}

/** Tab past the last control goes to the first, Shift+Tab before the first goes to the last. */
function keepTabInside(dialog: HTMLElement, event: KeyboardEvent) {
  const focusables = Array.from(dialog.querySelectorAll<HTMLElement>(focusableSelector));
  const first = focusables[0];
  const last = focusables.at(-1);
  const active = document.activeElement;
  const outside = !dialog.contains(active);
  if (!first || !last) {
    event.preventDefault();
    if (outside) dialog.focus();
  } else if (event.shiftKey && (active === first || active === dialog || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}

/** The dialog's heading, which names it. */
export function DialogTitle({ className = '', ...props }: HTMLAttributes<HTMLHeadingElement>) {
  const { titleId } = useDialogContext('DialogTitle');
  return <h2 {...props} id={titleId} className={`text-lg font-semibold text-slate-900 ${className}`} />;
}

/** The sentence that says what the dialog is about, read out after its name. */
export function DialogDescription(props: HTMLAttributes<HTMLParagraphElement>) {
  const { descriptionId, setDescribed } = useDialogContext('DialogDescription');
  useLayoutEffect(() => {
    setDescribed(true);
    return () => setDescribed(false);
  }, [setDescribed]);
  return <p {...props} id={descriptionId} />;
}
