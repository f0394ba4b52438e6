// The /mytasks donut (spec 001 section 2: Assigned, Completed, Rejected), drawn by ECharts' pie chart
// as the dashboard draws its charts (tree-shaken core, SVG). Loaded lazily, so ECharts comes only with
// the page. An image to assistive technology; its figures are in the label and in the tabs.
import { PieChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([PieChart, LegendComponent, TooltipComponent, SVGRenderer]);

export interface DonutProps {
  slices: { label: string; value: number; color: string }[];
  summary: string;
}

export default function TaskDonut({ slices, summary }: DonutProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = echarts.init(el, undefined, { renderer: 'svg' });
    chart.setOption({
      aria: { enabled: false },
      animation: false,
      tooltip: { trigger: 'item' },
      legend: { bottom: 0, textStyle: { color: '#374151' } },
      series: [
        {
          type: 'pie',
          radius: ['50%', '75%'],
          center: ['50%', '42%'],
          avoidLabelOverlap: true,
          label: { show: false },
          data: slices.map((s) => ({ name: s.label, value: s.value, itemStyle: { color: s.color } })),
        },
      ],
    });
    const ro = new ResizeObserver(() => chart.resize());
    ro.observe(el);
    return () => {
      ro.disconnect();
      chart.dispose();
    };
  }, [slices]);
  return <div ref={ref} role="img" aria-label={summary} data-testid="mytasks-donut" style={{ width: '100%', height: 240 }} />;
}
