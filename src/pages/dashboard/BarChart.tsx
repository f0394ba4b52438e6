// One bar or line chart of a dashboard report, drawn by Apache ECharts (its tree-shaken core: bar and
// line charts, grid, tooltip, SVG renderer). Loaded with React.lazy by SurveyReports, so ECharts is
// fetched only when a report is shown. The chart is an image to assistive technology: the caller gives
// its summary as the label, and the same figures are one click away as a table.
import { BarChart as EBar, LineChart as ELine } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([EBar, ELine, GridComponent, TooltipComponent, SVGRenderer]);

export interface ChartProps {
  labels: string[];
  values: number[];
  /** Bars along the vertical axis (long category names), or columns / a line over time. */
  layout: 'horizontal' | 'vertical' | 'line';
  summary: string;
  testId?: string;
}

const BRAND = '#2563eb';

export default function BarChart({ labels, values, layout, summary, testId }: ChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const height = layout === 'horizontal' ? Math.max(140, labels.length * 30 + 40) : 240;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const chart = echarts.init(el, undefined, { renderer: 'svg' });
    const category = {
      type: 'category' as const,
      data: labels,
      axisLabel: { width: 110, overflow: 'truncate' as const, color: '#374151' },
    };
    const value = { type: 'value' as const, minInterval: 1, axisLabel: { color: '#374151' } };
    chart.setOption({
      aria: { enabled: false },
      animation: false,
      grid: { left: 8, right: 16, top: 12, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis' },
      xAxis: layout === 'horizontal' ? value : category,
      yAxis: layout === 'horizontal' ? { ...category, inverse: true } : value,
      series: [
        {
          type: layout === 'line' ? 'line' : 'bar',
          data: values,
          itemStyle: { color: BRAND },
          barMaxWidth: 32,
          label: { show: layout === 'horizontal', position: 'right' },
        },
      ],
    });
    const ro = new ResizeObserver(() => chart.resize());
    ro.observe(el);
    return () => {
      ro.disconnect();
      chart.dispose();
    };
  }, [labels, values, layout]);
  return <div ref={ref} role="img" aria-label={summary} data-testid={testId} style={{ width: '100%', height }} />;
}
