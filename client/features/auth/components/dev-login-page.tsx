export default function Page() {
  return <div className="p-8">Coming soon</div>;
}
