/** The page by mode: the whole app, the embed (diagram and step controls), or the presentation. */
import { useClassroom } from '../../state/hooks';
import { App } from '../App';
import { PresentView } from '../present/PresentView';
import { EmbedView } from './EmbedView';

export function Root() {
  const mode = useClassroom((s) => s.mode);
  if (mode === 'embed') return <EmbedView />;
  if (mode === 'present') return <PresentView />;
  return <App />;
}
