// A control's busy label while its form is being sent, for the islands and the app alike.

/** Sets or clears a control's busy label (data-busy-label), keeping its own words to restore. */
export function setBusy(control: HTMLElement | null | undefined, busy: boolean) {
  if (!control?.dataset.busyLabel) return;
  if (busy) {
    control.dataset.idleLabel ??= control.textContent ?? "";
    control.textContent = control.dataset.busyLabel;
  } else if (control.dataset.idleLabel !== undefined) {
    control.textContent = control.dataset.idleLabel;
    delete control.dataset.idleLabel;
  }
}
