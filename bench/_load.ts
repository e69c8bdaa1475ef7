import { loadScenarioText } from '../src/engine/index';
import { parseScenarioText } from '../src/engine/scenario/parse';
import { generateClusterYaml } from '../src/engine/testing/generate';
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const y = generateClusterYaml({ nodes: 1000, podsPerNode: 10, services: Number(process.argv[2] ?? 10000), endpointsPerService: 10, vxlanMode: 'Always', twoSubnets: false, natOutgoing: true, windowsEvery: 10 });
for (let i = 0; i < 2; i++) {
let t = cpu(); const p = parseScenarioText(y); console.log('parse', Math.round(cpu() - t), p.objects.length);
t = cpu(); const l = loadScenarioText(y); console.log('load', Math.round(cpu() - t), l.diagnostics.length, l.diagnostics.slice(0,3).map(d=>d.message));
}
