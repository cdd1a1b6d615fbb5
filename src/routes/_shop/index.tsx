import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_shop/')({
  head: () => ({ meta: [{ title: 'Home' }] }),
  component: Home,
});

function Home() {
  return (
    <main id="main">
      <h1>Forge Nutrition</h1>
      <p>Sports nutrition supplements, shipped across Canada.</p>
      <section id="top-products" data-header-sentinel>
        <h2>Top products</h2>
      </section>
    </main>
  );
}
