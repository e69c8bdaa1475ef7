/** Русские тексты плана перевода (engine `readiness/runbook*.ts`) и пометок о версиях в видах состояния узла; термины — как в статье. */
export const runbookRu = {
  versions: {
    layout: {
      'post-dnat-output': 'базовые цепочки kube-proxy 1.30–1.33: filter-prerouting с приоритетом dstnat - 10, filter-input/forward/output с приоритетом -110, filter-output-post-dnat с приоритетом -90',
      'pre-dnat-split': 'базовые цепочки kube-proxy 1.34 и новее: filter-prerouting-pre-dnat и filter-output-pre-dnat с приоритетом -110, filter-input/forward/output с приоритетом 0',
      'plain': 'маршруты в том виде, в каком их выводит Calico до 3.33: у маршрутов к подам нет metric, у маршрутов через VXLAN нет mtu',
      'metric-and-mtu': 'маршруты в том виде, в каком их выводит Calico 3.33: metric 1024 у маршрутов к подам, mtu у маршрутов через VXLAN',
    },
    assumption: {
      'kube-proxy-before-1-30': 'Допущение: до 1.30 (alpha в 1.29) у режима nftables были другие цепочки; они показаны в раскладке 1.30.',
      'kube-proxy-1-33-backport': 'Допущение: первым патч-выпуском 1.33 с новой раскладкой (перенесена в сентябре 2025) считается v1.33.6.',
      'calico-3-33-boundary': 'Допущение: первым выпуском Calico, который выводит metric 1024 и mtu маршрута, считается 3.33 (версия из статьи).',
    },
    kubeProxyNft: {
      known: 'Эти правила соответствуют kube-proxy {{version}} ({{from}}): $t(versions.layout.{{layout}}). Источник: {{source}}.',
      assumed: 'Эти правила соответствуют kube-proxy {{version}}; версия взята по допущению из {{from}}: $t(versions.layout.{{layout}}). Источник: {{source}}.',
      unknown: 'Версии kube-proxy в выгрузке нет; взята самая новая раскладка: $t(versions.layout.{{layout}}). Источник: {{source}}.',
    },
    calicoRoutes: {
      known: 'Эти маршруты соответствуют Calico {{version}} ({{from}}): $t(versions.layout.{{layout}}). Источник: {{source}}.',
      assumed: 'Эти маршруты соответствуют Calico {{version}}; версия взята по допущению из {{from}}: $t(versions.layout.{{layout}}). Источник: {{source}}.',
      unknown: 'Версии Calico в выгрузке нет; взят самый новый вид: $t(versions.layout.{{layout}}). Источник: {{source}}.',
    },
  },
};
