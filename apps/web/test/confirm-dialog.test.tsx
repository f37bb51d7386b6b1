import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../src/components/confirm-dialog.tsx';

/** A page with buttons on both sides of the dialog, so a Tab that escaped would land on them. */
function Harness({ onConfirm = () => undefined }: { onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      {open ? (
        <ConfirmDialog
          title="Delete Sales?"
          confirmLabel="Delete project"
          onConfirm={onConfirm}
          onCancel={() => setOpen(false)}
        >
          <p>This cannot be undone.</p>
        </ConfirmDialog>
      ) : null}
      <button type="button">After</button>
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Delete' });
  await user.click(opener);
  const dialog = screen.getByRole('alertdialog', { name: 'Delete Sales?' });
  return {
    user,
    opener,
    dialog,
    cancel: within(dialog).getByRole('button', { name: 'Cancel' }),
    confirm: within(dialog).getByRole('button', { name: 'Delete project' }),
  };
}

describe('ConfirmDialog', () => {
  it('opens as a modal dialog with the focus on Cancel', async () => {
    const { dialog, cancel } = await openDialog();
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(cancel).toHaveFocus();
  });

  it('cycles Tab and Shift+Tab within the dialog', async () => {
    const { user, cancel, confirm } = await openDialog();
    await user.tab();
    expect(confirm).toHaveFocus();
    // From the last button Tab wraps to the first, not on to the page behind.
    await user.tab();
    expect(cancel).toHaveFocus();
    // From the first, Shift+Tab wraps to the last.
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
    await user.tab({ shift: true });
    expect(cancel).toHaveFocus();
  });

  it('closes on Escape and gives the focus back to the opener', async () => {
    const { user, opener } = await openDialog();
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('gives the focus back after Cancel too', async () => {
    const { user, opener, cancel } = await openDialog();
    await user.click(cancel);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('cancels on a click on the backdrop but not on its content', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByText('This cannot be undone.'));
    expect(screen.getByRole('alertdialog')).toBe(dialog);
    // Outside its box a click lands on the <dialog> element itself: the backdrop.
    await user.click(dialog);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('confirms with the confirm button', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete project' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
