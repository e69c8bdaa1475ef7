import type { Messages } from './en';

/** Russian messages, in the seed article's Kubernetes terms: под, узел, сервис, маршрут. */
export const ru: Messages = {
  app: {
    title: 'packetwalk',
    tagline: 'Что происходит с пакетом на каждом шаге и почему?',
  },
  language: { label: 'Язык', en: 'English', ru: 'Русский' },
  preset: {
    label: 'Сценарий',
    'k8s-lab': {
      title: 'Гибридный тестовый кластер',
      description: 'Три Linux-узла и узел Windows Server 2025; Calico: VXLAN Always, BGP Disabled, strictAffinity.',
    },
    'k8s-main-before': {
      title: 'Основной кластер до перевода',
      description: 'Три Linux-узла; Calico: VXLANCrossSubnet и BGP, strictAffinity выключен.',
    },
    'k8s-main-after': {
      title: 'Основной кластер после перевода',
      description: 'Тот же кластер после перевода: VXLAN Always, BGP Disabled, strictAffinity включён.',
    },
  },
  status: {
    loading: 'Загружаем сценарий…',
    compiling: 'Собираем конфигурацию узлов…',
  },
  errors: {
    engine: 'Ошибка движка: {{message}}',
    noScenario: 'Сценарий не загрузился.',
    render: 'Эту часть страницы не удалось показать: {{message}}',
  },
  nodes: { heading: 'Узлы', name: 'Имя', os: 'ОС', ip: 'IP-адрес', image: 'Образ ОС' },
  os: { linux: 'Linux', windows: 'Windows' },
  pods: {
    heading: 'Поды',
    name: 'Пространство имён/имя',
    node: 'Узел',
    ip: 'IP-адрес',
    hostNetwork: 'сеть узла',
    noIp: 'нет адреса',
  },
  nodeState: {
    heading: 'Состояние узла',
    select: 'Узел',
    empty: 'Для этого узла нечего показать.',
    loading: 'Загружаем состояние узла…',
  },
  trace: {
    heading: 'Трассировка пакета',
    src: 'Источник',
    dst: 'Назначение',
    proto: 'Протокол',
    submit: 'Трассировать',
    running: 'Трассируем…',
    verdict: 'Итог',
    reason: 'Причина',
    steps: 'Шаги',
    action: 'Действие',
    node: 'Узел',
    rule: 'Правило',
    explain: 'Что произошло',
    noRule: '—',
    reply: 'Ответ',
    hint: 'Источник и назначение: pod:NS/ИМЯ, svc:NS/ИМЯ, node:ИМЯ, host:ИМЯ или IP-адрес.',
  },
  verdict: {
    delivered: 'доставлен',
    dropped: 'отброшен',
    rejected: 'отклонён',
    'no-route': 'нет маршрута',
    unsupported: 'не моделируется',
  },
  diag: {
    heading: 'Диагностика',
    'yaml-syntax': 'синтаксис YAML',
    'unknown-kind': 'неизвестный kind',
    'invalid-field': 'неверное поле',
    'duplicate-object': 'повторный объект',
    'missing-reference': 'нет объекта по ссылке',
    'ipv6-unsupported': 'IPv6 не поддерживается',
    derived: 'выведенное значение',
    conflict: 'противоречие',
    'too-large': 'слишком большой объём',
  },
  severity: { error: 'ошибка', warning: 'предупреждение', info: 'сведения' },
};
