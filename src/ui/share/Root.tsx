/** The page by mode: the whole app, the embed (diagram and step controls), or the presentation. */
import { useClassroom } from '../../state/hooks';
import { App } from '../App';
import { EmbedView, Lazy, PresentView } from '../lazyPanels';

export function Root() {
  const mode = useClassroom((s) => s.mode);
  if (mode === 'embed') return <Lazy of={EmbedView} />;
  if (mode === 'present') return <Lazy of={PresentView} />;
  return <App />;
}
