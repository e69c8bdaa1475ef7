/**
 * A drawer of the workspace, shown when its toolbar button opens it; its
 * content stays mounted (forms keep their state). A `deferred` drawer mounts
 * its content when first opened, so a lazy panel's chunk loads only then.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawerShown } from './drawerShown';
import { useDrawer, type DrawerId } from './drawerStore';

export function Drawer({ id, wide = false, deferred = false, children }: { id: DrawerId; wide?: boolean; deferred?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const open = useDrawer((s) => s.open === id);
  const close = useDrawer((s) => s.close);
  const [opened, setOpened] = useState(open || !deferred);
  if (open && !opened) setOpened(true);
  /** Closes the drawer and gives the keyboard back to the toolbar button that opens it (the focus was inside, now hidden). */
  const closeToToolbar = () => {
    close();
    document.querySelector<HTMLElement>(`[aria-controls="drawer-${id}"]`)?.focus();
  };
  return (
    <div
      id={`drawer-${id}`}
      hidden={!open}
      role="region"
      aria-label={t(`workspace.drawer.${id}`)}
      data-testid={`drawer-${id}-panel`}
      // Escape closes, unless a control inside used it (a select's list, a dialog of its own).
      onKeyDown={(e) => e.key === 'Escape' && !e.defaultPrevented && closeToToolbar()}
      className={`relative h-full shrink-0 overflow-y-auto border-r border-slate-300 bg-slate-50 px-3 pb-3 dark:border-slate-700 dark:bg-slate-950 ${wide ? 'w-[38rem]' : 'w-[27rem]'}`}
    >
      {/* A row of its own that stays on top while the drawer scrolls: the panels below never cover the button. */}
      <div className="sticky top-0 z-10 -mx-3 mb-1 flex justify-end bg-slate-50 px-3 pt-2 dark:bg-slate-950">
        <button type="button" onClick={closeToToolbar} className="rounded border border-slate-500 bg-white px-2 text-lg leading-7 dark:bg-slate-800" aria-label={t('workspace.closeDrawer')} title={t('workspace.closeDrawer')} data-testid="drawer-close">
          ✕
        </button>
      </div>
      <div className="flex flex-col gap-3">{opened ? <DrawerShown.Provider value={open}>{children}</DrawerShown.Provider> : null}</div>
    </div>
  );
}
