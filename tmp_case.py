import sys, yaml
from benchmarks.memory_validation import request_for, spec_for
from engine.resolve import resolve
from engine.memory import Plan, estimate
cases = yaml.safe_load(open('benchmarks/memory_validation.yaml'))['cases']
for c in cases:
    if c['id'] not in sys.argv[1:]: continue
    r = resolve(request_for(c), spec_for(c))
    est = estimate(r, Plan(c.get('num_gpus',1), c.get('zero') or 0, c.get('offload','none')))
    print(c['id'], est.figures(), 'host', est.host_gb)
    for t in est.terms:
        for i in t.items: print(' ', t.key, i.basis, round(i.gb,3), i.formula)
