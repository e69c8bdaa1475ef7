import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from './ErrorMessage';

function RenderError({ message }: { message: string }) {
  const { t } = useTranslation();
  return <ErrorMessage text={t('errors.render', { message })} />;
}

/** Keeps a render error in one part of the page from blanking the whole page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { message?: string }> {
  override state: { message?: string } = {};

  static getDerivedStateFromError(error: unknown) {
    return { message: error instanceof Error ? error.message : String(error) };
  }

  override render() {
    return this.state.message === undefined ? this.props.children : <RenderError message={this.state.message} />;
  }
}
