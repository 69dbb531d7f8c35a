import glob,json,math,re,collections,sys
T={2:12.71,3:4.30,4:3.18}
s=collections.defaultdict(dict)
for f in glob.glob(sys.argv[1]+'/*-r*.json'):
    b,r=re.search(r'/(new|old)-r(\d)\.json',f).groups()
    for x in json.load(open(f)): s[x['benchmark'].split('.')[-1]][(b,int(r))]=x['primaryMetric']['score']
for k,v in sorted(s.items()):
    rs=sorted({r for _,r in v if ('new',r) in v and ('old',r) in v})
    xs=[math.log(v[('new',r)]/v[('old',r)]) for r in rs]
    m=sum(xs)/len(xs); sd=math.sqrt(sum((x-m)**2 for x in xs)/(len(xs)-1)) if len(xs)>1 else float('nan')
    print(k, len(xs), f"{math.exp(m):.3f} ±{math.exp(m)*T.get(len(xs),3)*sd/math.sqrt(len(xs)):.3f}", [round(v[('new',r)]) for r in rs], [round(v[('old',r)]) for r in rs])
