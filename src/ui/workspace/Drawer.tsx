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
  return (
    <div
      id={`drawer-${id}`}
      hidden={!open}
      role="region"
      aria-label={t(`workspace.drawer.${id}`)}
      data-testid={`drawer-${id}-panel`}
      className={`relative h-full shrink-0 overflow-y-auto border-r border-slate-300 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-950 ${wide ? 'w-[38rem]' : 'w-[27rem]'}`}
    >
      <button type="button" onClick={close} className="absolute top-2 right-2 rounded border border-slate-500 bg-white px-2 text-lg leading-7 dark:bg-slate-800" aria-label={t('workspace.closeDrawer')} title={t('workspace.closeDrawer')}>
        ✕
      </button>
      <div className="flex flex-col gap-3">{opened ? <DrawerShown.Provider value={open}>{children}</DrawerShown.Provider> : null}</div>
    </div>
  );
}
